import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { createAi, QUESTION_CATEGORIES } from "~/ai/ai.server";
import { requireUser } from "~/auth/guard.server";

const form = z.object({
  category: z.enum(QUESTION_CATEGORIES).default("love"),
  count: z.coerce.number().int().min(1).max(8).default(4),
});

/** Suggested questions for a reading, by category (love by default, four by default). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const parsed = form.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ questions: [] as string[], error: "Choose one of the categories." }, { status: 400 });
  const ai = createAi(context.config, context.cloudflare.env);
  return { questions: await ai.suggestQuestions(parsed.data), error: null };
}
