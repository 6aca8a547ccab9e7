// Types for scripts/check-js-budget.mjs, which runs as plain Node in CI (no TypeScript loader).
export const PUBLIC_BUDGET_BYTES: number;
export const ADMIN_BUDGET_BYTES: number;
export const SIGNED_IN_BUDGET_BYTES: number;
export interface JsBudgetRow {
  id: string;
  path: string;
  admin: boolean;
  signedIn: boolean;
  chunks: number;
  bytes: number;
  budget: number;
  withinBudget: boolean;
  /** The chunks beyond the client entry, largest first. */
  beyondEntry: { name: string; bytes: number }[];
}
export function measureJsBudget(clientDirectory?: string): {
  framework: number;
  rows: JsBudgetRow[];
};
export function jsBudgetMarkdown(clientDirectory?: string): string;
