/**
 * @mentions in comment text. The text keeps `@Name`; the server wants user ids. A member counts as mentioned when
 * `@` + their name stands in the text and no Latin letter or digit follows it. Longer names are matched
 * first, so `@Ada Lovelace` is not also read as `@Ada`.
 */
export interface Mentionable {
  user_id: string;
  name: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mentionPattern(names: readonly string[]): RegExp | null {
  const unique = [...new Set(names.filter((name) => name.trim()))].sort((a, b) => b.length - a.length);
  if (!unique.length) return null;
  // A name ends where no Latin letter or digit follows, so `@Ada` is not read in `@Adam`; CJK text may follow.
  return new RegExp(`@(${unique.map(escapeRegExp).join('|')})(?![\\p{Script=Latin}\\p{Nd}_])`, 'gu');
}

/**
 * The ids of the members the text mentions. `picked` (name → id, from the autocomplete) decides between
 * members who share a name; a shared name nobody picked mentions nobody rather than the wrong person.
 */
export function mentionedIds(
  text: string,
  members: readonly Mentionable[],
  picked: ReadonlyMap<string, string> = new Map(),
): string[] {
  const byName = new Map<string, string[]>();
  for (const member of members) byName.set(member.name, [...(byName.get(member.name) ?? []), member.user_id]);
  const pattern = mentionPattern([...byName.keys(), ...picked.keys()]);
  if (!pattern) return [];
  const ids: string[] = [];
  for (const match of text.matchAll(pattern)) {
    const name = match[1];
    const candidates = byName.get(name) ?? [];
    const id = picked.get(name) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export type ContentPart = { text: string; mention: boolean };

/** The text cut into plain runs and the mentions of `names`, for highlighting. */
export function splitMentions(text: string, names: readonly string[]): ContentPart[] {
  const pattern = mentionPattern(names);
  if (!pattern) return [{ text, mention: false }];
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), mention: false });
    parts.push({ text: match[0], mention: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mention: false });
  return parts;
}
