import type { UserInfo } from '@ferry/shared';
import type { users } from './tables.js';

export function presentUser(row: typeof users.$inferSelect): UserInfo {
  return {
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    email: row.email,
    color: row.color,
    avatar: row.avatar,
    mobile: '',
    bind_mobile: 0,
    bind_wechat: 0,
    create_time: row.createdAt.toISOString(),
  };
}
