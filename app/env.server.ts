import { z } from "zod";
import { lazySchema } from "./lib/lazy-schema";
import { once } from "./lib/once";

/** A reader counts as online only if flagged online and seen within this long (readers/presence.ts). */
export const READER_ONLINE_WINDOW_MS = 5 * 60 * 1000;
/** How often a reader's open tab says it is still there. */
export const READER_HEARTBEAT_MS = 60_000;

/** Metrics and error reports kept outside production are written together at most once this often per isolate (decision 0091). */
export const LOCAL_FLUSH_MS = 2_000;

/**
 * Fixed secret for development and tests only, so the app runs with no setup. Production refuses
 * to start without its own AUTH_SECRET.
 */
const DEVELOPMENT_AUTH_SECRET = "6172636e756d2d646576656c6f706d656e742d6f6e6c792d7365637265742121";

const optional = lazySchema(() =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
);

const schema = lazySchema(() =>
  z.object({
    APP_ENV: z.enum(["development", "test", "production"]).default("production"),
    AUTH_SECRET: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "AUTH_SECRET must be 64 hexadecimal characters (32 random bytes)")
      .optional(),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    RESEND_API_KEY: optional,
    MAIL_FROM: optional,
    GEMINI_API_KEY: optional,
    /** A Cloudflare AI Gateway in front of the models (caching, rate limits, logs); Gemini through it needs the account id too. */
    AI_GATEWAY_ID: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, "AI_GATEWAY_ID must be a gateway's name (letters, digits, - and _)")
        .optional(),
    ),
    CLOUDFLARE_ACCOUNT_ID: optional.pipe(
      z
        .string()
        .regex(/^[0-9a-f]{32}$/, "CLOUDFLARE_ACCOUNT_ID must be the 32-character account id")
        .optional(),
    ),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** The signing secret of the Connect endpoint (events on creators' payout accounts), when it is a separate endpoint. */
    STRIPE_CONNECT_WEBHOOK_SECRET: optional,
    /** STUN/TURN servers for video calls, as JSON: [{"urls": "stun:…"}, {"urls": "turn:…", "username": "…", "credential": "…"}]. */
    RTC_ICE_SERVERS: optional,
    /** E-mail addresses of the Arcanum staff, comma-separated: they moderate the marketplace. */
    STAFF_EMAILS: optional,
    /** Simulated latency of the local AI adapter (development and tests only), in milliseconds. */
    /** New guest accounts one client address may make per hour: enough for a household or an office, not for a script. */
    GUEST_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Magic links one client address may ask for in 15 minutes, whatever the addresses: a household's worth, not a script's. */
    SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Reader presence timings, shortened only by the browser tests: a tab's heartbeat, how long a silent tab counts as open, how long a closed one is waited for. */
    READER_HEARTBEAT_MS: z.coerce.number().int().min(500).max(600_000).default(READER_HEARTBEAT_MS),
    READER_PRESENCE_WINDOW_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(READER_ONLINE_WINDOW_MS),
    READER_OFFLINE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
    LOCAL_AI_TEXT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LOCAL_AI_IMAGE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Paid reading timings, shortened only by tests (ignored in production): a billed minute, the wait for a reader's answer, the grace before a dropped connection pauses the clock, how long it stays paused, how long the two have to meet. */
    PAID_MINUTE_MS: z.coerce.number().int().min(200).max(600_000).default(60_000),
    PAID_REQUEST_TTL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(90_000),
    PAID_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    PAID_PAUSE_LIMIT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(5 * 60_000),
    PAID_JOIN_LIMIT_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(3_600_000)
      .default(5 * 60_000),
    /** The application server's Web Push keys (`npm run vapid` makes a pair) and the contact push services may write to (decision 0061). */
    VAPID_PUBLIC_KEY: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be the base64url of a 65-byte P-256 public key (npm run vapid)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be the base64url of a 32-byte P-256 private key (npm run vapid)")
        .optional(),
    ),
    VAPID_SUBJECT: optional.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: or https: address")
        .optional(),
    ),
    /** Where uncaught errors are reported (a Sentry DSN); unset, they are kept in D1 and listed at /dev/errors. */
    SENTRY_DSN: optional.pipe(z.url({ protocol: /^https?$/, error: "SENTRY_DSN must be the https address Sentry gives a project" }).optional()),
    /** An account token that may read Analytics Engine, for the staff's health page when the METRICS binding is set. */
    ANALYTICS_READ_TOKEN: optional,
    /** The first wait before a push is sent again after a 429 or 5xx, shortened only by tests (ignored in production). */
    PUSH_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(1_000),
    /** The origin of the tests' own push service (http(s)://host[:port]), the one endpoint besides the browsers' push services a subscription may name; ignored in production (decision 0089). */
    PUSH_TEST_SERVICE: optional.pipe(
      z
        .url({ protocol: /^https?$/, error: "PUSH_TEST_SERVICE must be an http(s) origin" })
        .refine((value) => new URL(value).origin === value, "PUSH_TEST_SERVICE must be an origin alone: scheme, host and port, no path")
        .optional(),
    ),
    /** The first wait before a print job's step that did not finish runs again, doubled each time; shortened only by tests (ignored in production). */
    PRINT_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** How long metrics and error reports kept outside production gather in memory before one write; shortened only by tests (decision 0091). */
    LOCAL_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(LOCAL_FLUSH_MS),
    // Read by workers/app.ts and entry.server.tsx before any configuration, for tests and measurements:
    /** "1" in test and benchmark runs: each response says how many round trips it made (app/lib/round-trips.server.ts). */
    COUNT_ROUND_TRIPS: optional.pipe(z.enum(["1"]).optional()),
    /** Development only: milliseconds every D1 round trip of a page waits, as for a distant primary. */
    D1_LATENCY_MS: optional.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, "D1_LATENCY_MS must be a whole number of milliseconds")
        .optional(),
    ),
    /** "off" renders every page afresh, for measuring what a render costs (app/render/document-memo.server.ts). */
    RENDER_MEMO: optional.pipe(z.enum(["off"]).optional()),
  }),
);

/**
 * The Worker's variables as its environment holds them: text, each optional. wrangler.toml declares
 * none (secrets and local settings alike are set outside it), so the Env that `wrangler types`
 * generates gets them from here (types/env-variables.d.ts).
 */
export type EnvVariables = { [Name in keyof typeof schema.shape]?: string };

export type AppConfig = {
  appEnv: z.infer<typeof schema>["APP_ENV"];
  isProduction: boolean;
  authSecret: string;
  google: { clientId: string; clientSecret: string } | null;
  mail: { apiKey: string; from: string } | null;
  gemini: { apiKey: string } | null;
  /** The AI Gateway the models are called through; `accountId` is needed for Gemini's way in. */
  aiGateway: { id: string; accountId: string | null } | null;
  /** Stripe when both keys are set; else the local checkout outside production, and no payments in production. */
  stripe: { secretKey: string; webhookSecret: string; connectWebhookSecret: string | null } | null;
  /** STUN/TURN servers handed to browsers for video calls; empty means direct connections only. */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** New guest accounts per client address per hour. */
  guestsPerAddressPerHour: number;
  /** Magic links asked for per client address per 15 minutes. */
  signInsPerAddress: number;
  /** Lower-cased e-mail addresses of the staff; an account whose (verified) e-mail is here is staff. */
  staffEmails: string[];
  /** Reader presence: heartbeat interval of a reader's tab, silence after which the tab no longer counts, wait before a closed tab's reader goes offline. */
  readerPresence: { heartbeatMs: number; windowMs: number; graceMs: number };
  /** Always zero in production. */
  localAiLatency: { textMs: number; imageMs: number };
  /** The billing clock of paid readings and how long a request waits for an answer; the defaults in production. */
  paidReadings: { minuteMs: number; requestTtlMs: number; graceMs: number; pauseLimitMs: number; joinLimitMs: number };
  /** Web Push's VAPID keys and contact; null when none are configured (no pushes, and the buttons say so). */
  push: { publicKey: string; privateKey: string; subject: string; retryBaseMs: number; testService: string | null } | null;
  /** The first wait before a print job's unfinished step runs again (30 s in production). */
  printRetryMs: number;
  /** The wait before metrics and error reports kept in D1 are written together (outside production). */
  localFlushMs: number;
  /** Sentry, when a DSN is set; else reports stay in D1 (decision 0077). */
  errorReports: { dsn: string } | null;
  /** Reading Analytics Engine's SQL API: the account and a token that may read it. */
  metricsAccount: { accountId: string; token: string } | null;
};

const iceServersSchema = lazySchema(() =>
  z.array(
    z.object({ urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), username: z.string().optional(), credential: z.string().optional() }),
  ),
);

function parseIceServers(raw: string | undefined): AppConfig["iceServers"] {
  if (!raw) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error("Invalid configuration: RTC_ICE_SERVERS must be a JSON array of ICE servers");
  }
  const parsed = iceServersSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid configuration: RTC_ICE_SERVERS: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function parseStaffEmails(raw: string | undefined): string[] {
  const emails = (raw ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const wrong = emails.find((email) => !z.email().safeParse(email).success);
  if (wrong) throw new Error(`Invalid configuration: STAFF_EMAILS: "${wrong}" is not an e-mail address`);
  return emails;
}

/**
 * The configuration depends on the variables alone; each request's environment is a new object
 * (its D1 binding is the request's session), so the cache is keyed by the variables' values.
 */
let cached: { key: string; config: AppConfig } | undefined;
/** Every variable the app reads; `npm run dev` passes those set in its environment on to the Worker. */
export const variables = once(() => Object.keys(schema.shape) as (keyof typeof schema.shape)[]);
const keyOf = (env: Cloudflare.Env) =>
  variables()
    .map((name) => String((env as unknown as Record<string, unknown>)[name] ?? ""))
    .join("\u0000");

/** The contact a development server's pushes name when VAPID_SUBJECT is unset. */
const DEVELOPMENT_VAPID_SUBJECT = "mailto:push@arcanum.test";

function pushKeys(vars: z.infer<typeof schema>, isProduction: boolean): AppConfig["push"] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = vars;
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey)
    throw new Error("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npm run vapid prints a pair)");
  if (isProduction && !subject)
    throw new Error("Invalid configuration: VAPID_SUBJECT (a mailto: or https: contact) is required with the VAPID keys in production");
  return {
    publicKey,
    privateKey,
    subject: subject ?? DEVELOPMENT_VAPID_SUBJECT,
    retryBaseMs: isProduction ? 1_000 : vars.PUSH_RETRY_BASE_MS,
    testService: isProduction ? null : (vars.PUSH_TEST_SERVICE ?? null),
  };
}

function paidReadingTimings(vars: z.infer<typeof schema>): AppConfig["paidReadings"] {
  return {
    minuteMs: vars.PAID_MINUTE_MS,
    requestTtlMs: vars.PAID_REQUEST_TTL_MS,
    graceMs: vars.PAID_GRACE_MS,
    pauseLimitMs: vars.PAID_PAUSE_LIMIT_MS,
    joinLimitMs: vars.PAID_JOIN_LIMIT_MS,
  };
}

/** Validates the Worker's variables once per isolate; a misconfigured deploy fails loudly on its first request. */
export function readConfig(env: Cloudflare.Env): AppConfig {
  // The runtime hands each request the same env object: known, it is the whole answer.
  const known = configByEnv.get(env);
  if (known) return known;
  const config = readConfigOf(env);
  configByEnv.set(env, config);
  return config;
}

const configByEnv = new WeakMap<object, AppConfig>();

function readConfigOf(env: Cloudflare.Env): AppConfig {
  const key = keyOf(env);
  if (cached?.key === key) return cached.config;
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const vars = parsed.data;
  const isProduction = vars.APP_ENV === "production";
  if (isProduction && !vars.AUTH_SECRET) throw new Error("Invalid configuration: AUTH_SECRET is required in production");
  const config: AppConfig = {
    appEnv: vars.APP_ENV,
    isProduction,
    authSecret: (vars.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET).toLowerCase(),
    google: vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET } : null,
    mail: vars.RESEND_API_KEY ? { apiKey: vars.RESEND_API_KEY, from: vars.MAIL_FROM ?? "Arcanum <hello@arcanum.app>" } : null,
    gemini: vars.GEMINI_API_KEY ? { apiKey: vars.GEMINI_API_KEY } : null,
    aiGateway: vars.AI_GATEWAY_ID ? { id: vars.AI_GATEWAY_ID, accountId: vars.CLOUDFLARE_ACCOUNT_ID ?? null } : null,
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET
        ? { secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET, connectWebhookSecret: vars.STRIPE_CONNECT_WEBHOOK_SECRET ?? null }
        : null,
    iceServers: parseIceServers(vars.RTC_ICE_SERVERS),
    guestsPerAddressPerHour: vars.GUEST_LIMIT_PER_HOUR,
    signInsPerAddress: vars.SIGN_IN_LIMIT_PER_ADDRESS,
    staffEmails: parseStaffEmails(vars.STAFF_EMAILS),
    readerPresence: { heartbeatMs: vars.READER_HEARTBEAT_MS, windowMs: vars.READER_PRESENCE_WINDOW_MS, graceMs: vars.READER_OFFLINE_GRACE_MS },
    localAiLatency: isProduction ? { textMs: 0, imageMs: 0 } : { textMs: vars.LOCAL_AI_TEXT_DELAY_MS, imageMs: vars.LOCAL_AI_IMAGE_DELAY_MS },
    paidReadings: paidReadingTimings(isProduction ? schema.parse({}) : vars),
    push: pushKeys(vars, isProduction),
    printRetryMs: isProduction ? 30_000 : vars.PRINT_RETRY_MS,
    localFlushMs: isProduction ? LOCAL_FLUSH_MS : vars.LOCAL_FLUSH_MS,
    errorReports: vars.SENTRY_DSN ? { dsn: vars.SENTRY_DSN } : null,
    metricsAccount:
      vars.ANALYTICS_READ_TOKEN && vars.CLOUDFLARE_ACCOUNT_ID ? { accountId: vars.CLOUDFLARE_ACCOUNT_ID, token: vars.ANALYTICS_READ_TOKEN } : null,
  };
  cached = { key, config };
  return config;
}
