import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from './errors.js';

const INCOMPLETE_BODY = {
  zh: '上传的内容不完整（连接中断或表单未结束），请重新上传',
  en: 'The upload arrived incomplete (the connection broke or the form did not end), please upload again',
};

/**
 * What a multipart body yields, with any failure of the body itself (cut off, a form that never ends, the
 * parser's limits) turned into a refusal: it is the client's doing, not the server's.
 */
export async function* bodyParts<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fail('INVALID_INPUT', INCOMPLETE_BODY);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * A refusal often comes before the body has been read (rights, names, size by Content-Length). Left unread,
 * the rest of the body would be taken for the connection's next request: so a body within `maxBytes` is read
 * to its end and dropped (the connection stays usable), and a larger or unmeasured one ends the connection
 * after the answer.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply, maxBytes: number) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  const declared = Number(raw.headers['content-length']);
  if (!(declared <= maxBytes)) {
    reply.header('connection', 'close');
    return;
  }
  raw.unpipe();
  raw.on('data', () => undefined);
  raw.resume();
}
