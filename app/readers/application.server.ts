import { eq } from "drizzle-orm";
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema";
import { cleanNameInput } from "~/auth/display-name";
import type { Database } from "~/db.server";
import { readerApplications } from "../../db/schema";
import { parseLanguages, SPECIALTIES } from "./application";
import { FIRST_LEVEL } from "./levels";

export const applicationForm = lazySchema(() =>
  z.object({
    displayName: z.preprocess(
      cleanNameInput,
      z.string().min(2, "Enter a display name of at least 2 characters.").max(60, "Keep the display name under 60 characters."),
    ),
    bio: z.string().trim().min(20, "Tell people about yourself in at least 20 characters.").max(1000, "Keep the bio under 1,000 characters."),
    specialties: z.array(z.string().trim().min(1).max(40)).min(1, "Choose at least one specialty.").max(10, "Choose at most 10 specialties."),
    languages: z
      .string()
      .trim()
      .max(120, "Keep the languages under 120 characters.")
      .transform(parseLanguages)
      .pipe(
        z
          .array(z.string().min(2, "Write each language's name in full.").max(40, "Write each language's name in at most 40 characters."))
          .min(1, "Name at least one language.")
          .max(8, "Name at most 8 languages."),
      ),
    yearsOfPractice: z.coerce
      .number({ error: "Enter your years of practice as a number." })
      .int("Enter whole years.")
      .min(0, "Years cannot be negative.")
      .max(80, "Enter at most 80 years."),
    price: z.coerce
      .number({ error: "Enter a price such as 1.50." })
      .min(
        FIRST_LEVEL.minPricePerMinute / 100,
        `New readers start as ${FIRST_LEVEL.name}s and charge at least $${(FIRST_LEVEL.minPricePerMinute / 100).toFixed(2)} a minute.`,
      )
      .max(
        FIRST_LEVEL.maxPricePerMinute / 100,
        `New readers start as ${FIRST_LEVEL.name}s and can charge at most $${(FIRST_LEVEL.maxPricePerMinute / 100).toFixed(2)} a minute.`,
      ),
  }),
);

export function parseApplication(formData: FormData) {
  const chosen = formData
    .getAll("specialty")
    .map(String)
    .filter((s) => (SPECIALTIES as readonly string[]).includes(s));
  const written = String(formData.get("otherSpecialties") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return applicationForm.safeParse({
    displayName: formData.get("displayName") ?? "",
    bio: formData.get("bio") ?? "",
    specialties: [...new Set([...chosen, ...written])],
    languages: formData.get("languages") ?? "",
    yearsOfPractice: formData.get("yearsOfPractice") || undefined,
    price: formData.get("price") || undefined,
  });
}

export async function getApplication(db: Database, userId: string) {
  const row = await db.query.readerApplications.findFirst({ where: eq(readerApplications.userId, userId) });
  return row ? { ...row, specialties: JSON.parse(row.specialties) as string[], languages: JSON.parse(row.languages) as string[] } : null;
}

/** Saves the draft; saving again replaces it. */
export async function saveApplication(db: Database, userId: string, input: z.infer<typeof applicationForm>) {
  const values = {
    displayName: input.displayName,
    bio: input.bio,
    specialties: JSON.stringify(input.specialties),
    languages: JSON.stringify(input.languages),
    yearsOfPractice: input.yearsOfPractice,
    pricePerMinute: Math.round(input.price * 100),
    updatedAt: Date.now(),
  };
  await db
    .insert(readerApplications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: readerApplications.userId, set: values });
}
