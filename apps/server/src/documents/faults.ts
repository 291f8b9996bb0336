/** Why a document could not be taken or converted; each code maps to a DOCUMENT_* / ARCHIVE_* refusal. */
export type DocumentFaultCode =
  | 'DOCUMENT_ENCRYPTED'
  | 'DOCUMENT_MALFORMED'
  | 'DOCUMENT_TOO_MANY_PAGES'
  | 'DOCUMENT_CONVERSION_FAILED'
  | 'ARCHIVE_UNSAFE'
  | 'DOCUMENT_TYPE_UNSUPPORTED';

export class DocumentFault extends Error {
  constructor(
    readonly code: DocumentFaultCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'DocumentFault';
  }
}
