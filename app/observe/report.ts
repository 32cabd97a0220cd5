/** What an error report holds, and what sends it on: shared by the reporter and its adapters (decision 0077). */
import type { Scope } from "./scope.server";

export type ErrorSource = "server" | "party" | "browser";

export type ErrorReport = {
  source: ErrorSource;
  type: string;
  message: string;
  /** The top frame of the stack, without line and column, or "" when there is none. */
  frame: string;
  fingerprint: string;
  requestId: string;
  route: string;
  userId: string | null;
  release: string | null;
  at: number;
};

/** Where reports go: one adapter per destination, chosen once from the configuration. */
export type ErrorReporter = { send(report: ErrorReport, scope: Scope | undefined): Promise<void> };
