import { Avatar } from 'antd';

/** A person's avatar: the picture when there is one, else the first letter on their colour. */
export function MemberAvatar({
  name,
  color,
  avatar,
  size = 32,
}: {
  name: string;
  color?: string;
  avatar?: string;
  size?: number;
}) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  if (avatar) return <Avatar size={size} src={avatar} alt={name} />;
  return (
    <Avatar size={size} style={{ background: color || '#2878ff', fontSize: size * 0.45, flexShrink: 0 }}>
      {initial}
    </Avatar>
  );
}
