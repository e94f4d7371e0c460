/**
 * Fault injection for tests: rules selected by request path (or '*') that delay a request, answer
 * with an HTTP error, reset the connection, or process the request and then lose or truncate the answer.
 */
import { z } from 'zod';

export const FAULT_MODES = ['latency', 'status', 'reset', 'truncate', 'lost', 'throttle'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultRuleInput = z.object({
  /** An endpoint path such as /payment/rest/register.do, or '*' for every gateway request. */
  path: z.string().min(1),
  mode: z.enum(FAULT_MODES),
  /** How many matching requests the rule affects; 0 means every one until cleared. */
  count: z.number().int().min(0).default(1),
  /** Matching requests let through untouched before the rule starts. */
  skip: z.number().int().min(0).default(0),
  /** Added before the request is handled (any mode; the whole point of 'latency'). */
  latencyMs: z.number().int().min(0).max(600_000).default(0),
  /** For 'status': the HTTP status to answer with. */
  status: z.union([z.literal(400), z.literal(404), z.literal(500), z.literal(502), z.literal(503)]).default(500),
  /** For 'throttle': the Retry-After seconds of the 429 answer. */
  retryAfterSec: z.number().int().min(0).max(3600).default(1),
});
export type FaultRuleInput = z.input<typeof faultRuleInput>;

export interface FaultRule extends z.output<typeof faultRuleInput> {
  readonly id: number;
  /** Requests this rule has matched so far. */
  seen: number;
  /** Requests it has affected so far. */
  applied: number;
}

/** What happens to a request: a fault, or nothing. */
export interface FaultPlan {
  /** The rule that gave it, for the request log. */
  readonly id: number;
  readonly latencyMs: number;
  readonly mode: FaultMode;
  readonly status: number;
  readonly retryAfterSec: number;
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  /** `onChange` is told whenever the rules or their counts change (the developer console's `faults` event). */
  constructor(private readonly onChange: (rules: readonly FaultRule[]) => void = () => {}) {}

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { ...faultRuleInput.parse(input), id: this.nextId++, seen: 0, applied: 0 };
    this.rules.push(rule);
    this.onChange(this.rules);
    return rule;
  }

  /** Removes one rule; false when there is none with that id. */
  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    if (this.rules.length === before) return false;
    this.onChange(this.rules);
    return true;
  }

  /** The fault for this request, if a rule matches and has uses left. */
  take(path: string): FaultPlan | undefined {
    for (const rule of this.rules) {
      if (rule.path !== '*' && rule.path !== path) continue;
      if (rule.count !== 0 && rule.applied >= rule.count) continue;
      rule.seen++;
      if (rule.seen <= rule.skip) {
        this.onChange(this.rules);
        continue;
      }
      rule.applied++;
      this.onChange(this.rules);
      return rule;
    }
    return undefined;
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
    this.onChange(this.rules);
  }
}
