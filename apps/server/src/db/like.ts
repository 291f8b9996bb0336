/** `%`, `_` and `\` match themselves: a keyword is text, never a LIKE pattern. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern finding the keyword anywhere in the text. */
export const likePattern = (keyword: string) => `%${likeEscape(keyword)}%`;
