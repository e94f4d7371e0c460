/**
 * The developer console's request log: the last MAX_KEPT gateway requests, each recorded once where the
 * request ends (http/gateway.ts), whatever the ending (answered, refused, failed by a fault, answer lost),
 * with its parameters redacted before they are kept. Each new record is also sent as a `request` event.
 *
 * The answers it keeps are bounded by their size as well (MAX_ANSWER_BYTES of JSON, the newest kept): a
 * page of getLastOrdersForMerchants.do is 180 KB, and 2,000 of them kept whole grew the sandbox, which
 * runs in the app's main process, by a gigabyte. An older record then says how large its answer was.
 */
import type { SandboxEvents } from './events.js';
import { redact, redactParams } from './redaction.js';

export const MAX_KEPT = 2000;
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
export const DEFAULT_LIMIT = 200;

export interface RequestRecord {
  readonly id: number;
  /** Wall-clock time the request arrived (ms). */
  readonly at: number;
  /** The sandbox clock at that moment (ms), which tests move. */
  readonly sandboxAt: number;
  /** The endpoint's path, e.g. /payment/rest/register.do. */
  readonly endpoint: string;
  /** The merchant's login once the request authenticated. */
  readonly merchant: string | null;
  /** From the parameters, or from the answer (register.do). */
  readonly orderId: string | null;
  /** Redacted (see redaction.ts). */
  readonly params: Record<string, unknown>;
  /** null: the connection was reset, no answer arrived. */
  readonly httpStatus: number | null;
  /**
   * The JSON the gateway produced (also for a lost answer, which was produced but never arrived), or null;
   * redacted as the parameters are (a `cvc` that merchantOrderParams echo, any whole card number).
   */
  readonly answer: unknown;
  /** The answer's JSON length; `answer` is null once the log no longer keeps it (answerKept false). */
  readonly answerBytes: number;
  readonly answerKept: boolean;
  /** The envelope's errorCode when not '0'. */
  readonly errorCode: string | null;
  readonly fault: { readonly id: number; readonly mode: string } | null;
  readonly durationMs: number;
}

/** What the gateway pipeline knows of a request when it ends; the log adds the id and redacts. */
export type RequestEnding = Omit<RequestRecord, 'id' | 'orderId' | 'errorCode' | 'params' | 'answer' | 'answerKept'> & {
  readonly params: Record<string, unknown>;
  readonly answer: Record<string, unknown> | null;
};

export interface RequestFilter {
  /** A path, or its last part (register.do). */
  readonly endpoint?: string;
  readonly orderId?: string;
  readonly merchant?: string;
  readonly limit?: number;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

function orderIdOf(params: Record<string, unknown>, answer: Record<string, unknown> | null): string | null {
  return text(params.orderId) ?? text(params.mdOrder) ?? text(params.MDORDER) ?? text(answer?.orderId) ?? null;
}

/** errorCode of any envelope (rest, restNumeric, instant, installment: errorCode; success: error.code). */
function errorCodeOf(answer: Record<string, unknown> | null): string | null {
  if (!answer) return null;
  const nested = answer.error;
  const code =
    text(answer.errorCode) ??
    text(answer.ErrorCode) ??
    (typeof nested === 'object' && nested !== null ? text((nested as Record<string, unknown>).code) : undefined);
  return code === undefined || code === '0' ? null : code;
}

export class RequestLog {
  private records: RequestRecord[] = [];
  private nextId = 1;
  /** The JSON length of the answers kept. */
  private answerBytes = 0;

  constructor(
    private readonly events: SandboxEvents,
    private readonly maxAnswerBytes = MAX_ANSWER_BYTES,
  ) {}

  record(ending: RequestEnding): RequestRecord {
    const record: RequestRecord = {
      ...ending,
      id: this.nextId++,
      orderId: orderIdOf(ending.params, ending.answer),
      errorCode: errorCodeOf(ending.answer),
      params: redactParams(ending.params),
      answer: ending.answer === null ? null : redact(ending.answer),
      answerKept: ending.answer !== null,
    };
    this.records.push(record);
    if (record.answerKept) this.answerBytes += record.answerBytes;
    if (this.records.length > MAX_KEPT) {
      for (const gone of this.records.splice(0, this.records.length - MAX_KEPT)) if (gone.answerKept) this.answerBytes -= gone.answerBytes;
    }
    // The oldest answers go first; the newest is kept whatever its size.
    for (let i = 0; this.answerBytes > this.maxAnswerBytes && i < this.records.length - 1; i++) {
      const older = this.records[i]!;
      if (!older.answerKept) continue;
      this.records[i] = { ...older, answer: null, answerKept: false };
      this.answerBytes -= older.answerBytes;
    }
    this.events.emit('request', record);
    return record;
  }

  /** Newest first. */
  list(filter: RequestFilter = {}): RequestRecord[] {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const { endpoint, orderId, merchant } = filter;
    const out: RequestRecord[] = [];
    for (let i = this.records.length - 1; i >= 0 && out.length < limit; i--) {
      const r = this.records[i]!;
      if (endpoint !== undefined && r.endpoint !== endpoint && !r.endpoint.endsWith(`/${endpoint}`)) continue;
      if (orderId !== undefined && r.orderId !== orderId) continue;
      if (merchant !== undefined && r.merchant !== merchant) continue;
      out.push(r);
    }
    return out;
  }

  clear(): void {
    this.records = [];
    this.answerBytes = 0;
  }
}
