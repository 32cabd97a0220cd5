/** The report form: what the page shows and what the server accepts. */
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";

export const REPORT_REASONS = {
  stolen: "Stolen or copied art",
  offensive: "Offensive or hateful content",
  sexual: "Sexual content",
  misleading: "Misleading description",
  other: "Other",
} as const;

export type ReportReason = keyof typeof REPORT_REASONS;

export const REPORT_DETAILS_MAX = 1000;

export const reportForm = lazySchema(() =>
  z
    .object({
      reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: "Choose what is wrong with this deck" }),
      details: z
        .string()
        .trim()
        .max(REPORT_DETAILS_MAX, `Keep the details under ${REPORT_DETAILS_MAX.toLocaleString("en-US")} characters`)
        .default(""),
    })
    .refine((report) => report.reason !== "other" || report.details.length > 0, { path: ["details"], message: "Tell us what is wrong with this deck" }),
);

export type ReportInput = z.output<typeof reportForm>;
