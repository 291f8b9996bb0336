import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';

/**
 * Figure 8's team, written by set-based SQL (insert … select from generate_series) in a few statements:
 * `projects` projects of 10 designs each, every design with a current version whose LayerDoc holds 10 text
 * layers of mixed Chinese and English: UI words picked with a skew (some on many screens, some on few) and
 * filler. Every tenth project is mode B; the ordinary member belongs to one in fifty of those. Ids are
 * md5-derived, so rows find each other without lookups, and texts come from hashes, so every run (and both
 * engines) hold the same data.
 */

/** Commonest first: a word's share falls with its place in the list. */
const ZH_WORDS = [
  '登录',
  '首页',
  '设置',
  '确定',
  '取消',
  '返回',
  '搜索',
  '个人中心',
  '消息',
  '订单',
  '购物车',
  '支付',
  '注册',
  '密码',
  '分享',
  '收藏',
  '评论',
  '我的订单',
  '确认支付',
  '忘记密码',
  '地址管理',
  '会员中心',
  '账户安全',
  '客服',
  '优惠券',
  '隐私政策',
  '物流详情',
  '退款申请',
];
const EN_WORDS = [
  'Sign in',
  'Home',
  'Settings',
  'OK',
  'Cancel',
  'Back',
  'Search',
  'Profile',
  'Messages',
  'Order',
  'Cart',
  'Checkout',
  'Sign up',
  'Password',
  'Share',
  'Favorites',
  'Comments',
  'My orders',
  'Forgot password?',
  'Address book',
  'Membership',
  'Account security',
  'Help center',
  'Coupons',
  'Privacy policy',
  'Track shipment',
  'Refund request',
];
const LOREM = [
  'lorem',
  'ipsum',
  'dolor',
  'sit',
  'amet',
  'consectetur',
  'adipiscing',
  'elit',
  'sed',
  'do',
  'eiusmod',
  'tempor',
  'incididunt',
  'ut',
  'labore',
  'et',
  'dolore',
  'magna',
  'aliqua',
  'enim',
  'ad',
  'minim',
  'veniam',
  'nostrud',
  'exercitation',
  'ullamco',
  'laboris',
  'nisi',
  'aliquip',
  'ex',
  'ea',
  'commodo',
  'consequat',
];
/** Common characters, cut at a hashed place for Chinese filler. */
const HANZI =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';

const textArray = (words: string[]) =>
  `(array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}])`;

/** Helpers of the seeding statements, in the bench's own throwaway database. */
const HELPERS = [
  // A number in [0, 1) from a text, the same on every engine and run.
  `create or replace function bench_u(seed text) returns float8 language sql immutable as
    $$ select (hashtext(seed) & 2147483647)::float8 / 2147483648 $$`,
  // A word of the list, the first ones far more often (u² skews towards the start).
  `create or replace function bench_pick(seed text, words text[]) returns text language sql immutable as
    $$ select words[1 + floor(array_length(words, 1) * pow(bench_u(seed), 2))::int] $$`,
  `create or replace function bench_filler_zh(seed text) returns text language sql immutable as
    $$ select substr('${HANZI}', 1 + floor(bench_u(seed) * ${HANZI.length - 8})::int,
      2 + floor(bench_u(seed || 'n') * 7)::int) $$`,
  `create or replace function bench_filler_en(seed text) returns text language sql immutable as
    $$ select initcap(${textArray(LOREM)}[1 + floor(bench_u(seed) * ${LOREM.length})::int]) || ' ' ||
      ${textArray(LOREM)}[1 + floor(bench_u(seed || 'b') * ${LOREM.length})::int] || ' ' ||
      ${textArray(LOREM)}[1 + floor(bench_u(seed || 'c') * ${LOREM.length})::int] $$`,
  // One text layer: a UI word (alone, with a count, or in a phrase) or filler, in either language.
  `create or replace function bench_layer(seed text) returns text language sql immutable as $$
    select case floor(bench_u(seed) * 10)::int
      when 0 then bench_pick(seed || 'w', ${textArray(ZH_WORDS)})
      when 1 then bench_pick(seed || 'w', ${textArray(ZH_WORDS)}) || ' (' || floor(bench_u(seed || 'k') * 99)::int || ')'
      when 2 then '点击' || bench_pick(seed || 'w', ${textArray(ZH_WORDS)}) || bench_filler_zh(seed || 'f')
      when 3 then bench_pick(seed || 'w', ${textArray(EN_WORDS)})
      when 4 then bench_pick(seed || 'w', ${textArray(EN_WORDS)}) || ' ' || floor(bench_u(seed || 'k') * 99)::int
      when 5 then 'Tap ' || bench_pick(seed || 'w', ${textArray(EN_WORDS)}) || ' to ' || bench_filler_en(seed || 'f')
      when 6 then bench_filler_zh(seed || 'f') || bench_filler_zh(seed || 'g')
      when 7 then bench_filler_zh(seed || 'f')
      when 8 then bench_filler_en(seed || 'f')
      else '¥' || floor(bench_u(seed || 'k') * 9999)::int || '.00'
    end $$`,
];

export interface SearchTeam {
  teamId: string;
  adminId: string;
  memberId: string;
}

/** Times each step took, in ms, for the report. */
export type SeedTimes = Record<string, number>;

/** One step of seeding: its statements (`;`-separated, none holding a `;` of its own), timed together. */
async function step(db: Db, times: SeedTimes, name: string, statements: string) {
  const start = performance.now();
  for (const statement of statements.split(';\n')) await db.execute(sql.raw(statement));
  times[name] = (times[name] ?? 0) + performance.now() - start;
}

/** Seeds the team (see above) and ANALYZEs; `projects` × 10 designs × 10 text layers. */
export async function seedSearchTeam(
  db: Db,
  projects: number,
): Promise<{ team: SearchTeam; times: SeedTimes }> {
  const times: SeedTimes = {};
  const designs = projects * 10;
  for (const helper of HELPERS) await db.execute(sql.raw(helper));
  const id = (prefix: string, n: string) => `md5('${prefix}' || ${n})::uuid`;
  const team = {
    teamId: await uuidOf(db, 'team'),
    adminId: await uuidOf(db, 'user-admin'),
    memberId: await uuidOf(db, 'user-member'),
  };
  await step(
    db,
    times,
    'team',
    `insert into users (id, email, name, color, password_hash) values
      ('${team.adminId}', 'admin@bench.example', '管理员 Admin', '#1890ff', 'x'),
      ('${team.memberId}', 'member@bench.example', '成员 Member', '#52c41a', 'x');
    insert into teams (id, name, type, owner_id) values ('${team.teamId}', 'Search', 'enterprise', '${team.adminId}');
    insert into team_members (team_id, user_id, role) values
      ('${team.teamId}', '${team.adminId}', 'superadmin'), ('${team.teamId}', '${team.memberId}', 'member');
    insert into folders (id, team_id, name) select ${id('f', 'i')}, '${team.teamId}',
      bench_pick('f' || i, ${textArray([...ZH_WORDS, ...EN_WORDS])}) || ' ' || i from generate_series(1, 50) i`,
  );
  await step(
    db,
    times,
    'projects',
    `insert into projects (id, team_id, name, permission_mode, order_index, created_at, updated_at)
      select ${id('p', 'i')}, '${team.teamId}',
        bench_pick('p' || i, ${textArray(['商城', '外卖', '社交', '音乐', 'Bank', 'Travel', 'CRM', 'Admin'])}) || ' ' || i,
        case when i % 10 = 0 then 'B' else 'A' end, i, now() - i * interval '1 minute', now() - i * interval '1 minute'
      from generate_series(1, ${projects}) i;
    insert into project_members (project_id, user_id, role)
      select ${id('p', 'i')}, '${team.memberId}', 'member' from generate_series(500, ${projects}, 500) i;
    insert into sectors (id, project_id, name, order_index)
      select ${id('s', 'i')}, ${id('p', '(i + 1) / 2')},
        bench_pick('s' || i, ${textArray(['首页流程', '订单流程', '支付流程', 'Onboarding', 'Settings flow', 'Profile'])}), i % 2
      from generate_series(1, ${projects * 2}) i`,
  );
  await step(
    db,
    times,
    'designs',
    `insert into designs (id, project_id, name, order_index, created_at, updated_at, deleted_at)
      select ${id('d', 'i')}, ${id('p', '(i + 9) / 10')},
        case when i % 2 = 0 then bench_pick('d' || i, ${textArray(ZH_WORDS)}) || '页 ' || i % 7
          else bench_pick('d' || i, ${textArray(EN_WORDS)}) || ' screen ' || i % 7 end,
        i % 10, now() - i * interval '1 second', now() - i * interval '1 second',
        case when i % 100 = 7 then now() end
      from generate_series(1, ${designs}) i;
    insert into design_versions (id, design_id, number, file_key, variant_dir, file_type, status, size, width,
        height, variants, layers_status)
      select ${id('v', 'i')}, ${id('d', 'i')}, 1, 'uploads/bench/' || i || '.png', 'variants/' || md5('dir' || i),
        'psd', 'ready', 1000000, 1440, 3200,
        jsonb_build_object('cover', jsonb_build_object('key', 'variants/' || md5('dir' || i) || '/cover.webp',
          'width', 480, 'height', 360, 'size', 20000, 'md5', '')), 'ready'
      from generate_series(1, ${designs}) i;
    update designs d set current_version_id = v.id from design_versions v where v.design_id = d.id`,
  );
  await step(
    db,
    times,
    'layer texts',
    `insert into layer_texts (variant_dir, layers, body)
      select 'variants/' || md5('dir' || i),
        jsonb_agg(jsonb_build_object('id', 'layer-' || j, 'text', txt) order by j),
        E'\\n' || string_agg(txt, E'\\n' order by j) || E'\\n'
      from (select i, j, bench_layer(i || ':' || j) as txt
        from generate_series(1, ${designs}) i, generate_series(1, 10) j) layers
      group by i`,
  );
  await step(
    db,
    times,
    'comments',
    `insert into comments (id, project_id, design_id, version_id, number, author_id, content, created_at, updated_at)
      select ${id('c', 'i')}, ${id('p', '(i * 5 + 9) / 10')}, ${id('d', 'i * 5')}, ${id('v', 'i * 5')}, 1,
        case when i % 3 = 0 then '${team.memberId}'::uuid else '${team.adminId}'::uuid end,
        case when i % 2 = 0 then '这里的' || bench_pick('c' || i, ${textArray(ZH_WORDS)}) || '按钮需要再大一点'
          else 'Please align the ' || bench_pick('c' || i, ${textArray(EN_WORDS)}) || ' button' end,
        now() - i * interval '1 second', now() - i * interval '1 second'
      from generate_series(1, ${designs / 5}) i`,
  );
  await step(db, times, 'analyze', 'analyze');
  return { team, times };
}

async function uuidOf(db: Db, seed: string): Promise<string> {
  const { rows } = (await db.execute(sql`select md5(${seed})::uuid::text as id`)) as unknown as {
    rows: { id: string }[];
  };
  return rows[0]?.id as string;
}
