import { DocumentFault, type DocumentFaultCode } from '../../documents/faults.js';

export type FaultCode = DocumentFaultCode;

/** The code of a conversion fault (the file's own, final), or null for any other error (retried). */
export const faultCode = (error: unknown): FaultCode | null =>
  error instanceof DocumentFault ? error.code : null;
