import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { createAi, QUESTION_CATEGORIES } from "~/ai/ai.server";
import { AI_HELPER_BUSY_MESSAGE, allowAiHelper } from "~/ai/usage.server";
import { requireUser } from "~/auth/guard.server";
import { readForm } from "~/lib/read-form.server";

const form = lazySchema(() =>
  z.object({
    category: z.enum(QUESTION_CATEGORIES).default("love"),
    count: z.coerce.number().int().min(1).max(8).default(4),
    /** What the person has typed in the question field so far: ideas build on it. */
    typed: z.string().trim().max(200).optional(),
  }),
);

/** Suggested questions for a reading, by category (love by default, four by default). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (!(await allowAiHelper(context.db, user.id))) return Response.json({ questions: [], error: AI_HELPER_BUSY_MESSAGE }, { status: 429 });
  const parsed = await readForm(request, form);
  if (!parsed.ok) return Response.json({ questions: [], error: "Choose one of the categories." }, { status: 400 });
  const ai = createAi(context.config, context.cloudflare.env);
  return Response.json({ questions: await ai.suggestQuestions(parsed.data), error: null });
}
