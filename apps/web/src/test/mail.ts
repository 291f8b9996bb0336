import { inject } from 'vitest';
import { nodeFetch } from './server';

/** The tests' side: the code and link token of the newest mail to `email`. */
export async function mailedCode(
  email: string,
): Promise<{ code: string; token: string | null; text: string }> {
  const response = await nodeFetch(inject('ferryMailUrl'), {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(await response.text());
  const { text } = (await response.json()) as { text: string };
  const code = text.match(/(?:验证码：|Your code: )(\d{6})/)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return { code, token: text.match(/\?token=([\w-]+)/)?.[1] ?? null, text };
}
