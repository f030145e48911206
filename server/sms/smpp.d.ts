// The few parts of the `smpp` package (0.5, plain JavaScript without types) that the SMS sender and the tests'
// SMPP server use. PDU fields are the SMPP 3.4 names; a PDU's short_message arrives decoded ({ udh, message }).
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface PDU {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    /** The response to this request, with these fields. */
    response(fields?: Record<string, unknown>): PDU;
  }

  export class Session extends EventEmitter {
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void): boolean;
    bind_transceiver(fields: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    submit_sm(fields: Record<string, unknown>, callback: (pdu: PDU) => void): boolean;
    unbind(fields?: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    on(event: 'connect' | 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: string, listener: (pdu: PDU) => void): this;
  }

  export interface Server extends NetServer {
    on(event: 'session', listener: (session: Session) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export function connect(options: { host: string; port: number; auto_enquire_link_period?: number }): Session;
  export function createServer(options: { debug?: boolean }, listener?: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSYSERR: number;
  export const ESM_CLASS: { UDH_INDICATOR: number };
  export const encodings: Record<'ASCII' | 'UCS2', { encode(text: string): Buffer; decode(bytes: Buffer): string }>;
}
