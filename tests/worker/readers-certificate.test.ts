/**
 * The reader certificate: its public page (details, QR code, share tags, nothing private), its two
 * pictures rendered on the Worker (real PNGs of the right size), an unknown id, and revocation by
 * staff only (the page and the pictures say so; anyone else's attempt changes nothing).
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../app/db.server";
import { newId } from "../../app/lib/crypto";
import { getCertificate } from "../../app/readers/certificate.server";
import { quizAttempts, readerApplications, readerCertificates, users } from "../../db/schema";
import { STAFF_MEMBER_ID } from "../../scripts/seed/seed-data";
import { get, post, signInAs, visit } from "./helpers";

const db = () => createDatabase(env.DB);

/** A new reader with a certificate; returns the ids and the private details that must never show. */
async function certifiedReader(name = "Seraphina Vale") {
  const userId = newId();
  const attemptId = newId();
  const certificateId = `c${newId()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 15)}`;
  const email = `${userId}@private.example`;
  const username = `r_${userId
    .slice(0, 10)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "")}`;
  await db().insert(users).values({ id: userId, email, username, fullName: name, isReader: true, levelId: "level-apprentice" });
  const now = Date.UTC(2026, 10, 24, 10, 0);
  await db()
    .insert(quizAttempts)
    .values({ id: attemptId, userId, questions: "[]", startedAt: now - 600_000, deadlineAt: now, submittedAt: now - 60_000, score: 11, passed: true });
  await db()
    .insert(readerCertificates)
    .values({ id: certificateId, userId, attemptId, score: 11, total: 12, levelId: "level-apprentice", holderName: name, issuedAt: now });
  return { userId, attemptId, certificateId, email, username };
}

/** The PNG signature and the IHDR chunk's width and height. */
async function pngSize(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20), bytes };
}

/** Each picture is rendered on the Worker the first time it is asked for: a few seconds in tests. */
const RENDERING = 60_000;

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the reader certificate", () => {
  it("shows name, level, date, score, id and a QR code to the page, with share tags and nothing private", async () => {
    const reader = await certifiedReader();
    const response = await visit(`/certificate/${reader.certificateId}`);
    expect(response.status).toBe(200);
    const html = await text(response);
    expect(html).toContain("Seraphina Vale");
    expect(html).toContain("Apprentice");
    expect(html).toContain("November 24, 2026");
    expect(html).toContain("11 of 12 (92%)");
    expect(html).toContain(reader.certificateId);
    expect(html).toMatch(/<svg[^>]*data-testid="certificate-qr"/);
    expect(html).toContain(`value="http://localhost/certificate/${reader.certificateId}"`);
    expect(html).toContain(`href="/certificate/${reader.certificateId}/certificate.png"`);
    expect(html).toContain(`href="/readers/${reader.username}"`);
    expect(html).toContain(`<meta property="og:image" content="http://localhost/certificate/${reader.certificateId}/og.png?v=valid"/>`);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toMatch(/<meta property="og:title" content="Seraphina Vale, certified tarot reader/);
    // A visitor sees no revoke form.
    expect(html).not.toContain('name="intent" value="revoke"');

    const data = await (await get(`/certificate/${reader.certificateId}.data`)).text();
    expect(data).toContain("Seraphina Vale");
    for (const body of [html, data]) {
      expect(body).not.toContain(reader.email);
      expect(body).not.toContain(reader.userId);
      expect(body).not.toContain(reader.attemptId);
    }
  });

  it(
    "renders the Open Graph card at 1200×630 and the certificate as a PNG download",
    async () => {
      const reader = await certifiedReader("Zoë Ångström-Łukasiewicz");
      const og = await get(`/certificate/${reader.certificateId}/og.png`);
      expect(og.status).toBe(200);
      expect(og.headers.get("content-type")).toBe("image/png");
      expect(await pngSize(og)).toMatchObject({ width: 1200, height: 630 });

      const download = await get(`/certificate/${reader.certificateId}/certificate.png`);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toBe(
        `attachment; filename="arcanum-certificate-zoe-angstrom-lukasiewicz-${reader.certificateId}.png"`,
      );
      const sheet = await pngSize(download);
      expect(sheet).toMatchObject({ width: 2000, height: 1414 });

      // Rendered once, then served from the stored copy.
      const stored = await env.MEDIA.list({ prefix: `certificates/${reader.certificateId}/` });
      expect(stored.objects.map((object) => object.key).sort()).toEqual([
        `certificates/${reader.certificateId}/certificate-valid-localhost-v3.png`,
        `certificates/${reader.certificateId}/og-valid-localhost-v3.png`,
      ]);
      const again = await pngSize(await get(`/certificate/${reader.certificateId}/certificate.png`));
      expect(again.bytes).toEqual(sheet.bytes);
    },
    RENDERING,
  );

  it("says plainly when no certificate has the id, for the page and the pictures", async () => {
    for (const id of ["unknown-certificate", "no%20such"]) {
      const page = await visit(`/certificate/${id}`);
      expect(page.status).toBe(404);
      expect(await text(page)).toContain("No certificate has this id.");
    }
    for (const picture of ["og.png", "certificate.png"]) {
      const response = await get(`/certificate/unknown-certificate/${picture}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("No certificate has this id.");
    }
  });

  it(
    "lets staff revoke with a reason: the page says so and the pictures are drawn again",
    async () => {
      const reader = await certifiedReader();
      const ogBefore = await pngSize(await get(`/certificate/${reader.certificateId}/og.png`));
      const sheetBefore = await pngSize(await get(`/certificate/${reader.certificateId}/certificate.png`));
      const staff = await signInAs(STAFF_MEMBER_ID);
      expect(await text(await visit(`/certificate/${reader.certificateId}`, { cookie: staff }))).toContain('name="intent" value="revoke"');

      // A reason is required.
      for (const reason of ["", "  ", "abc", "x".repeat(301)]) {
        const refused = await post(`/certificate/${reader.certificateId}`, { intent: "revoke", reason }, { cookie: staff });
        expect(refused.status, JSON.stringify(reason)).toBe(400);
      }
      expect((await post(`/certificate/${reader.certificateId}`, { intent: "unrevoke", reason: "Because." }, { cookie: staff })).status).toBe(400);
      expect((await db().query.readerCertificates.findFirst({ where: eq(readerCertificates.id, reader.certificateId) }))!.revokedAt).toBeNull();

      const revoked = await post(
        `/certificate/${reader.certificateId}`,
        { intent: "revoke", reason: "The examination was taken on someone else's behalf." },
        { cookie: staff },
      );
      expect(revoked.status).toBe(200);
      const row = (await db().query.readerCertificates.findFirst({ where: eq(readerCertificates.id, reader.certificateId) }))!;
      expect(row.revokedAt).toBeTypeOf("number");
      expect(row.revokedReason).toBe("The examination was taken on someone else's behalf.");

      const page = await visit(`/certificate/${reader.certificateId}`);
      expect(page.status).toBe(200);
      const html = await text(page);
      expect(html).toContain("This certificate is revoked.");
      const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(row.revokedAt!);
      expect(html).toContain(`Revoked on ${day}: The examination was taken on someone else&#x27;s behalf.`);
      expect(html).toContain(`og.png?v=revoked-${row.revokedAt}`);

      const ogAfter = await pngSize(await get(`/certificate/${reader.certificateId}/og.png`));
      const sheetAfter = await pngSize(await get(`/certificate/${reader.certificateId}/certificate.png`));
      expect(ogAfter).toMatchObject({ width: 1200, height: 630 });
      expect(ogAfter.bytes).not.toEqual(ogBefore.bytes);
      expect(sheetAfter.bytes).not.toEqual(sheetBefore.bytes);
      const stored = await env.MEDIA.list({ prefix: `certificates/${reader.certificateId}/` });
      expect(stored.objects.every((object) => object.key.includes(`-revoked-${row.revokedAt}-`))).toBe(true);

      // Revoked once only; the form is gone.
      const twice = await post(`/certificate/${reader.certificateId}`, { intent: "revoke", reason: "Again, for the record." }, { cookie: staff });
      expect(twice.status).toBe(409);
      expect(html).not.toContain('name="intent" value="revoke"');
    },
    RENDERING,
  );

  it("answers anyone but staff who tries to revoke with a 404, and changes nothing", async () => {
    const reader = await certifiedReader();
    const form = { intent: "revoke", reason: "I would like it gone." };
    for (const cookie of [undefined, await signInAs(reader.userId), await signInAs("seed-user-theo")]) {
      const response = await post(`/certificate/${reader.certificateId}`, form, { cookie });
      expect(response.status).toBe(404);
    }
    const row = (await db().query.readerCertificates.findFirst({ where: eq(readerCertificates.id, reader.certificateId) }))!;
    expect(row.revokedAt).toBeNull();
    expect(row.revokedReason).toBeNull();
    // Staff revoking an id that does not exist are told so.
    expect((await post("/certificate/unknown-certificate", form, { cookie: await signInAs(STAFF_MEMBER_ID) })).status).toBe(404);
  });
});

/** A name with a right-to-left override, an isolate, a direction mark and control characters in it. */
const SPOOFED = "\u202EIvy\u2066 Hart\u2069\u200F\u0007\u009B\n\tfdp.exe";

/** The characters of the name above that turn text around or hide in it. */
// eslint-disable-next-line no-control-regex -- they are what is looked for
const HIDDEN = /[\u0007\u009B\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe("names are kept free of direction and control characters", () => {
  it("cleans the profile's full name, the reader application's display name and the reader profile's name on input", async () => {
    const personId = newId();
    const username = `n_${personId
      .slice(0, 10)
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, "")}`;
    await db()
      .insert(users)
      .values({ id: personId, email: `${personId}@example.com`, username });
    const cookie = await signInAs(personId);
    expect((await post("/profile", { intent: "profile", username, fullName: SPOOFED, bio: "" }, { cookie })).status).toBe(200);
    expect((await db().query.users.findFirst({ where: eq(users.id, personId) }))!.fullName).toBe("Ivy Hart fdp.exe");

    const application = {
      intent: "save",
      displayName: SPOOFED,
      bio: "I have read cards for friends for years.",
      specialty: "Decisions",
      languages: "English",
      yearsOfPractice: "4",
      price: "1.25",
    };
    expect((await post("/become-reader", application, { cookie })).status).toBe(302);
    expect((await db().query.readerApplications.findFirst({ where: eq(readerApplications.userId, personId) }))!.displayName).toBe("Ivy Hart fdp.exe");
    // Only direction marks: nothing is left of the name, and the form says so.
    const empty = await post("/become-reader", { ...application, displayName: "\u202E\u2066\u200F" }, { cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter a display name of at least 2 characters.");

    const reader = await signInAs("seed-user-theo");
    const profile = {
      intent: "profile",
      displayName: SPOOFED,
      bio: "Career readings with practical next steps, twice a week.",
      specialty: "Career and money",
      languages: "English",
      yearsOfPractice: "8",
      price: "3.50",
    };
    expect((await post("/reader-dashboard", profile, { cookie: reader })).status).toBeLessThan(400);
    expect((await db().query.users.findFirst({ where: eq(users.id, "seed-user-theo") }))!.fullName).toBe("Ivy Hart fdp.exe");
  });

  it(
    "prints a certificate issued before names were cleaned without them, on the page, its share tags and its pictures",
    async () => {
      const reader = await certifiedReader(SPOOFED);
      const certificate = (await getCertificate(db(), reader.certificateId))!;
      expect(certificate.holderName).toBe("Ivy Hart fdp.exe");
      const html = await text(await visit(`/certificate/${reader.certificateId}`));
      expect(html).toContain("Ivy Hart fdp.exe");
      expect(html).not.toMatch(HIDDEN);
      const download = await get(`/certificate/${reader.certificateId}/certificate.png`);
      expect(download.headers.get("content-disposition")).toBe(`attachment; filename="arcanum-certificate-ivy-hart-fdp-exe-${reader.certificateId}.png"`);
      await download.arrayBuffer();
    },
    RENDERING,
  );
});
