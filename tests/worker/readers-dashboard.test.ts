import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { readerProfiles, users } from "../../db/schema";
import { get, post, signInAs } from "./helpers";

const db = () => createDatabase(env.DB);

const profileForm = (overrides: Record<string, string> = {}) => ({
  intent: "profile",
  displayName: "Theo of the Ash Grove",
  bio: "Career readings with practical next steps, twice a week.",
  specialty: "Career and money",
  otherSpecialties: "Creative block, Moving house",
  languages: "english, German; french",
  yearsOfPractice: "8",
  price: "3.50",
  ...overrides,
});

async function theo() {
  const [user] = await db().select().from(users).where(eq(users.id, "seed-user-theo"));
  const [profile] = await db().select().from(readerProfiles).where(eq(readerProfiles.userId, "seed-user-theo"));
  return { user: user!, profile: profile! };
}

describe("the reader dashboard", () => {
  it("shows a reader their availability, level, progress to the next level and the places paid readings will fill", async () => {
    await db()
      .update(readerProfiles)
      .set({ completedReadings: 30, countedClients: 30, ratingSum: 47, ratingCount: 10 })
      .where(eq(readerProfiles.userId, "seed-user-theo"));
    const html = (await (await get("/reader-dashboard", { cookie: await signInAs("seed-user-theo") })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Availability");
    expect(html).toContain("Go away");
    // Theo is an Adept; a Master needs 100 different clients, a 4.6 rating and an 85% quiz mark.
    expect(html).toContain("To become a Master ($3.49 to $6.99 a minute)");
    expect(html).toMatch(/Different clients with a counted reading[\s\S]*?30[\s\S]*?100/);
    expect(html).toMatch(/Average rating[\s\S]*?4\.70[\s\S]*?4\.6/);
    for (const place of ["Requests", "Sessions", "Earnings", "Reviews"]) expect(html).toContain(place);
  });

  it("offers a member who is not a reader the way to become one", async () => {
    const html = await (await get("/reader-dashboard", { cookie: await signInAs("seed-user-demo") })).text();
    expect(html).toContain("Become a Reader");
    expect(html).not.toContain("Availability");
  });

  it("saves the public profile: name, bio, specialties, languages written any way, years and price", async () => {
    const cookie = await signInAs("seed-user-theo");
    const response = await post("/reader-dashboard", profileForm(), { cookie });
    expect(response.status).toBe(200);
    const { user, profile } = await theo();
    expect(user.fullName).toBe("Theo of the Ash Grove");
    expect(user.bio).toBe("Career readings with practical next steps, twice a week.");
    expect(user.customPricePerMinute).toBe(350);
    expect(JSON.parse(profile.specialties)).toEqual(["Career and money", "Creative block", "Moving house"]);
    expect(JSON.parse(profile.languages)).toEqual(["English", "German", "French"]);
    expect(profile.yearsOfPractice).toBe(8);
    const page = await (await get("/readers/theo_ashgrove")).text();
    expect(page).toContain("Theo of the Ash Grove");
  });

  it("refuses a price above the level's ceiling with the ceiling named, and changes nothing", async () => {
    const cookie = await signInAs("seed-user-theo");
    const before = await theo();
    const response = await post("/reader-dashboard", profileForm({ price: "4.00", displayName: "Should Not Stick" }), { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("As an Adept you can charge at most $3.99 a minute.");
    expect(await theo()).toEqual(before);
  });

  it("refuses a price below the level's floor on the price form, with the floor named, and changes nothing", async () => {
    const cookie = await signInAs("seed-user-theo");
    const before = await theo();
    for (const price of ["0.01", "0", "1.98"]) {
      const response = await post("/reader-dashboard", profileForm({ price, displayName: "Should Not Stick" }), { cookie });
      expect(response.status).toBe(400);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("As an Adept you charge at least $1.99 a minute.");
      expect(html).toMatch(/name="price"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="price"/);
    }
    expect(await theo()).toEqual(before);
  });

  it("answers bad input with a clear message and a 400, and a member who is not a reader with a 403", async () => {
    const cookie = await signInAs("seed-user-theo");
    const before = await theo();
    const bads: Array<Record<string, string>> = [
      { price: "-1" },
      { price: "lots" },
      { languages: "" },
      { bio: "short" },
      { yearsOfPractice: "200" },
      { specialty: "", otherSpecialties: "" },
    ];
    for (const bad of bads) {
      const response = await post("/reader-dashboard", profileForm(bad), { cookie });
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await theo()).toEqual(before);
    expect((await post("/reader-dashboard", profileForm(), { cookie: await signInAs("seed-user-demo") })).status).toBe(403);
  });
});
