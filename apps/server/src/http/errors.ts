import { type CodeEntry, Codes, type Lang } from '@ferry/shared';

/** A refusal the API answers with one of the catalogue's codes. Services throw it; the error handler presents it. */
export class AppError extends Error {
  constructor(
    readonly entry: CodeEntry,
    /** Wording that replaces the catalogue's, when the refusal has details (e.g. tries left). */
    readonly wording?: { zh: string; en: string },
    /** Extra fields for the client, sent as the envelope's result. */
    readonly result: unknown = null,
  ) {
    super(wording?.en ?? entry.en);
    this.name = 'AppError';
  }

  message_in(lang: Lang): string {
    const source = this.wording ?? this.entry;
    return lang === 'zh-CN' ? source.zh : source.en;
  }
}

export const fail = (name: keyof typeof Codes, wording?: { zh: string; en: string }, result?: unknown) =>
  new AppError(Codes[name], wording, result);
