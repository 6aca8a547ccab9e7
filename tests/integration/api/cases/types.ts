/**
 * One entry per API operation (docs/requirements.md §11): how to call it, who may, and what a denied call must
 * leave untouched. The contract test calls every operation with these; the authorisation matrix
 * calls each with every kind of caller. A documented operation without a case fails both.
 */
import type { ApiScope } from '../../../../core/api/api-access';
import type { ApiHarness, Caller } from '../../../support/api-harness';

export type CallerName =
  | 'anonymous'
  | 'customer A'
  | 'customer B'
  | 'owner key with the scope'
  | 'owner key without the scope'
  | 'revoked key';

export interface World {
  api: ApiHarness;
  customerA: Caller;
  customerB: Caller;
  /** An owner key holding every scope. */
  ownerKey: Caller & { keyId: string };
  /** An owner key holding every scope but this one. */
  keyWithout(scope: ApiScope): Promise<Caller>;
  revokedKey: Caller;
}

/** `buyer` (docs/requirements.md §18's quote list): anyone but an owner's key; a guest by the list's cookie. */
export type CaseAccess =
  | { kind: 'public' }
  | { kind: 'customer' }
  | { kind: 'owner'; scope: ApiScope }
  | { kind: 'buyer' };

export interface ApiCase<Fixture = unknown> {
  /** As the document names it: `GET /products/{id}`. */
  operation: string;
  access: CaseAccess;
  /** Makes what one call needs (a fresh one per call); a customer's rows belong to customer A. */
  setup?(world: World): Promise<Fixture>;
  call(world: World, caller: Caller, fixture: Fixture): Promise<Response>;
  /** The status of an allowed call. */
  success: number;
  /**
   * A customer operation on customer A's own row: customer B gets 404. One that lists the
   * caller's own rows answers B with B's (empty) view instead: 'own-view'. docs/requirements.md §18: a buyer
   * operation answers a visitor as it answers B, each on their own list; sending a list of
   * nothing is refused ('own-empty-list', 422).
   */
  otherCustomer?: 'not-found' | 'own-view' | 'own-empty-list';
  /** A text of the fixture that only an allowed caller may ever see in an answer. */
  privateMarker?(fixture: Fixture): string;
  /** What the call would change, read before and after a denied call: it must not move. */
  state?(world: World, fixture: Fixture): Promise<unknown>;
}

/** Keeps each case's fixture type while listing cases of different fixtures together. */
export function apiCase<Fixture>(definition: ApiCase<Fixture>): ApiCase<unknown> {
  return definition as ApiCase<unknown>;
}

export const jsonBody = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
