import { describe, expect, it } from "vitest";
import {
  CANNED_QUESTIONS,
  CANNED_THEMES,
  cardImagePrompt,
  GEMINI_IMAGE_MODEL,
  GEMINI_TEXT_MODEL,
  GeminiAi,
  LocalAi,
  QUESTION_CATEGORIES,
  READING_SECTIONS,
  shortenQuestion,
  WORKERS_AI_IMAGE_MODEL,
  WORKERS_AI_TEXT_MODEL,
  WorkersAi,
  type PaintedImage,
} from "../../app/ai/ai.server";
import { SPREADS } from "../../app/reading-room/spreads";
import { FULL_DECK, type TarotCard } from "../../app/tarot/cards";

const card = (key: string): TarotCard => FULL_DECK.find((c) => c.key === key)!;
const FOOL = card("major-00");
const THREE_OF_CUPS = card("cups-03");
const THEME = "Moonlit Greenhouse";
const STYLE = "art nouveau";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const svgText = (image: PaintedImage) => new TextDecoder().decode(image.bytes);

/** Retries without waiting, and failures kept instead of printed. */
const quiet = () => {
  const logged: Record<string, unknown>[] = [];
  return { logged, deps: { sleep: async () => {}, log: (line: Record<string, unknown>) => void logged.push(line) } };
};

/** A Gemini stand-in at its HTTP boundary: records every request and answers with `answer`. */
function fakeGemini(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const { logged, deps } = quiet();
  const ai = new GeminiAi(
    "gm-key",
    async (input, init) => {
      requests.push(new Request(input as RequestInfo, init));
      return answer();
    },
    { deps },
  );
  return { ai, requests, logged };
}

const geminiText = (text: string) => () => Response.json({ candidates: [{ content: { parts: [{ text }] } }] });
const geminiDown = () => new Response("internal", { status: 500 });

/** A Workers AI binding stand-in: records every call and answers with `answer`. */
function fakeBinding(answer: (model: string, input: Record<string, unknown>) => unknown) {
  const calls: { model: string; input: Record<string, unknown>; options: AiOptions }[] = [];
  const binding = {
    run: async (model: string, input: Record<string, unknown>, options: AiOptions) => {
      calls.push({ model, input, options });
      return answer(model, input);
    },
  } as unknown as Ai;
  const { logged, deps } = quiet();
  return { ai: new WorkersAi(binding, { deps }), calls, logged };
}

/** What a chat-completions model on Workers AI answers. */
const chat = (content: string) => ({ choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });

function expectPlaceholder(image: PaintedImage, name = FOOL.name, theme = THEME) {
  expect(image.placeholder).toBe(true);
  expect(image.contentType).toBe("image/svg+xml");
  expect(image.ext).toBe("svg");
  const svg = svgText(image);
  expect(svg).toContain('viewBox="0 0 600 900"');
  expect(svg).toContain(name);
  expect(svg).toContain(theme);
}

describe("Gemini painting", () => {
  it("asks the image model with the key, the portrait config and high-only safety blocks", async () => {
    const { ai, requests } = fakeGemini(() =>
      Response.json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: base64(PNG) } }] } }] }),
    );
    await ai.paintCard({ card: FOOL, theme: THEME, style: STYLE });

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(GEMINI_IMAGE_MODEL).toBe("gemini-3.1-flash-image");
    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-3.1-flash-image:generateContent");
    expect(request.headers.get("x-goog-api-key")).toBe("gm-key");
    const body = (await request.json()) as {
      contents: { parts: { text: string }[] }[];
      generationConfig: unknown;
      safetySettings: unknown;
    };
    expect(body.generationConfig).toEqual({
      temperature: 0.4,
      topK: 32,
      topP: 1,
      responseModalities: ["IMAGE"],
      imageConfig: { aspectRatio: "3:4" },
    });
    expect(body.safetySettings).toEqual([
      { category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_ONLY_HIGH" },
      { category: "HARM_CATEGORY_HATE_SPEECH", threshold: "BLOCK_ONLY_HIGH" },
      { category: "HARM_CATEGORY_SEXUALLY_EXPLICIT", threshold: "BLOCK_ONLY_HIGH" },
      { category: "HARM_CATEGORY_DANGEROUS_CONTENT", threshold: "BLOCK_ONLY_HIGH" },
    ]);
    const prompt = body.contents[0]!.parts[0]!.text;
    expect(prompt).toBe(cardImagePrompt({ card: FOOL, theme: THEME, style: STYLE }));
    expect(prompt).toContain("The Fool");
    expect(prompt).toContain(THEME);
    expect(prompt).toContain(STYLE);
    expect(prompt.toLowerCase()).toContain("tarot card art, portrait 3:4, no text");
  });

  it("decodes the inline image of the first candidate and takes its type from the MIME type", async () => {
    const { ai } = fakeGemini(() =>
      Response.json({
        candidates: [
          {
            content: {
              parts: [{ text: "Here is your card." }, { inlineData: { mimeType: "image/png", data: base64(PNG) } }],
            },
          },
        ],
      }),
    );
    const image = await ai.paintCard({ card: FOOL, theme: THEME, style: STYLE });
    expect(image).toEqual({ bytes: PNG, contentType: "image/png", ext: "png", placeholder: false });

    const jpeg = fakeGemini(() => Response.json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/jpeg", data: base64(JPEG) } }] } }] }));
    expect(await jpeg.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE })).toEqual({
      bytes: JPEG,
      contentType: "image/jpeg",
      ext: "jpg",
      placeholder: false,
    });
  });

  it.each([
    ["no candidates", () => Response.json({ candidates: [], promptFeedback: { blockReason: "SAFETY" } })],
    ["a candidate without inline data", () => Response.json({ candidates: [{ content: { parts: [{ text: "I cannot draw that." }] } }] })],
    [
      "an image only in the second candidate",
      () =>
        Response.json({
          candidates: [{ content: { parts: [{ text: "no" }] } }, { content: { parts: [{ inlineData: { mimeType: "image/png", data: base64(PNG) } }] } }],
        }),
    ],
    ["invalid base64", () => Response.json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: "%%% not base64 %%%" } }] } }] })],
    ["empty image data", () => Response.json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: "" } }] } }] })],
    ["an answer of another shape", () => Response.json({ candidates: { content: "a picture" } })],
    ["image data that is not text", () => Response.json({ candidates: [{ content: { parts: [{ inlineData: { mimeType: "image/png", data: 42 } }] } }] })],
    ["an HTTP 500", geminiDown],
    ["a network error", () => Promise.reject(new TypeError("network down"))],
  ])("falls back to the 600×900 placeholder on %s", async (_label, answer: () => Response | Promise<Response>) => {
    const { ai } = fakeGemini(answer);
    expectPlaceholder(await ai.paintCard({ card: FOOL, theme: THEME, style: STYLE }));
  });
});

describe("Gemini text", () => {
  it("asks the text model and keeps one theme per line, blank lines dropped, at most count", async () => {
    const { ai, requests } = fakeGemini(geminiText("1. Saltglass Cathedral\n\n- Velvet Orchard at Dusk\n\n\n**Copper Moth Carnival**\nFrostbound Library\n"));
    expect(await ai.suggestThemes(3)).toEqual(["Saltglass Cathedral", "Velvet Orchard at Dusk", "Copper Moth Carnival"]);
    expect(requests[0]!.url).toBe(`https://generativelanguage.googleapis.com/v1beta/models/${GEMINI_TEXT_MODEL}:generateContent`);
    expect(requests[0]!.headers.get("x-goog-api-key")).toBe("gm-key");
    const body = (await requests[0]!.json()) as { contents: { parts: { text: string }[] }[] };
    expect(body.contents[0]!.parts[0]!.text).toMatch(/\b3\b/);
    expect(body.contents[0]!.parts[0]!.text.toLowerCase()).toContain("one theme per line");
  });

  it("suggests ten themes by default and falls back to the canned list on error", async () => {
    const many = Array.from({ length: 14 }, (_, i) => `Theme number ${i + 1}`).join("\n\n");
    expect(await fakeGemini(geminiText(many)).ai.suggestThemes()).toHaveLength(10);

    for (const answer of [geminiDown, geminiText("   \n\n  "), () => Promise.reject(new Error("offline"))]) {
      const themes = await fakeGemini(answer).ai.suggestThemes(6);
      expect(themes).toHaveLength(6);
      expect(new Set(themes).size).toBe(6);
      for (const theme of themes) expect(CANNED_THEMES).toContain(theme);
    }
    expect(CANNED_THEMES.length).toBeGreaterThanOrEqual(20);
  });

  it("parses the questions' JSON array, caps it at count and shortens long questions", async () => {
    const answer = [
      "```json",
      JSON.stringify([
        "What lights my path in love?",
        "What steps can I take this season to attract a partner who shares my values?",
        "Which extraordinarily unconventional opportunities approach?",
        "How do I open up?",
        "A fifth question that should be dropped?",
      ]),
      "```",
    ].join("\n");
    const { ai, requests } = fakeGemini(geminiText(answer));
    expect(await ai.suggestQuestions({ category: "career", count: 4 })).toEqual([
      "What lights my path in love?",
      "What steps can I take this season to?",
      "Which extraordinarily unconventional opportunities approach?",
      "How do I open up?",
    ]);
    const prompt = ((await requests[0]!.json()) as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!.text;
    expect(prompt).toContain("JSON array");
    expect(prompt).toContain("work");

    expect(await fakeGemini(geminiText('["One?", "Two?", "Three?", "Four?", "Five?"]')).ai.suggestQuestions({})).toHaveLength(4);
  });

  it("cuts only questions that are both over 50 characters and over 8 words", () => {
    expect(shortenQuestion("What is the one thing I keep missing here, over and over?")).toBe("What is the one thing I keep missing?");
    expect(shortenQuestion("Which extraordinarily unconventional opportunities approach?")).toBe(
      "Which extraordinarily unconventional opportunities approach?",
    );
    expect(shortenQuestion("Is it a yes or a no for me now then, really?")).toBe("Is it a yes or a no for me now then, really?");
  });

  it.each(QUESTION_CATEGORIES.map((category) => [category]))("falls back to canned %s questions", async (category) => {
    expect(CANNED_QUESTIONS[category].length).toBeGreaterThanOrEqual(6);
    for (const answer of [geminiDown, geminiText("I am not sure what you mean."), geminiText("[]")]) {
      const questions = await fakeGemini(answer).ai.suggestQuestions({ category, count: 3 });
      expect(questions).toHaveLength(3);
      for (const question of questions) expect(CANNED_QUESTIONS[category]).toContain(question);
    }
  });

  it("uses love questions, four of them, when nothing is asked for", async () => {
    const questions = await fakeGemini(geminiDown).ai.suggestQuestions({});
    expect(questions).toHaveLength(4);
    for (const question of questions) expect(CANNED_QUESTIONS.love).toContain(question);
  });

  it("describes a card under 150 words, or falls back to our own description", async () => {
    const long = Array.from({ length: 40 }, () => "The glass roof glitters above the wanderer.").join(" ");
    const { ai, requests } = fakeGemini(geminiText(long));
    const text = await ai.describeCard({ card: FOOL, theme: THEME, style: STYLE });
    expect(words(text)).toBeLessThan(150);
    expect(text.startsWith("The glass roof glitters")).toBe(true);
    const prompt = ((await requests[0]!.json()) as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!.text;
    expect(prompt).toContain("The Fool");
    expect(prompt).toContain(THEME);

    for (const answer of [geminiDown, geminiText("  ")]) {
      const fallback = await fakeGemini(answer).ai.describeCard({ card: THREE_OF_CUPS, theme: THEME, style: STYLE });
      expect(fallback).toContain("Three of Cups");
      expect(words(fallback)).toBeLessThan(150);
    }
  });

  it("elaborates a theme, or describes the deck generically from it", async () => {
    const good = "A deck of glass and moonlight. Every card grows in a hothouse of silver leaves.";
    expect(await fakeGemini(geminiText(good)).ai.elaborateTheme(THEME)).toBe(good);
    const fallback = await fakeGemini(geminiDown).ai.elaborateTheme(THEME);
    // Our own description keeps the subject typed (a greenhouse stays a greenhouse, never the painter's nearer "garden").
    expect(fallback.toLowerCase()).toContain("greenhouse");
    expect(fallback).not.toMatch(/garden/i);
    expect(fallback.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length).toBeGreaterThanOrEqual(2);
    expect(fallback.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length).toBeLessThanOrEqual(3);
  });

  it("interprets a reading, or builds one from the cards' meanings", async () => {
    const reading = {
      question: "Where is my work heading?",
      spread: "Past, Present, Future",
      cards: [
        { name: "The Fool", position: "Past", reversed: false },
        { name: "Three of Cups", position: "Present", reversed: true },
        { name: "The Star", position: "Future", reversed: false },
      ],
    };
    const answer = "## Overall Energy\nHope.\n\n## Key Insights\n- New roads.\n\n## Guidance Moving Forward\nKeep going.";
    const { ai, requests } = fakeGemini(geminiText(answer));
    expect(await ai.interpretReading(reading)).toBe(answer);
    const prompt = ((await requests[0]!.json()) as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!.text;
    for (const text of ["Where is my work heading?", "Three of Cups (reversed)", "Future", ...READING_SECTIONS]) expect(prompt).toContain(text);

    const fallback = await fakeGemini(geminiDown).ai.interpretReading(reading);
    for (const section of READING_SECTIONS) expect(fallback).toContain(section);
    for (const drawn of reading.cards) expect(fallback).toContain(drawn.name);
    expect(words(fallback)).toBeLessThan(600);
  });
});

describe("Workers AI", () => {
  it("writes text through the text model and survives its failure", async () => {
    const good = fakeBinding(() => chat("Tidepool Oracle\n\nEmber Monastery\nClockwork Orchard"));
    expect(await good.ai.suggestThemes(2)).toEqual(["Tidepool Oracle", "Ember Monastery"]);
    expect(good.calls[0]!.model).toBe(WORKERS_AI_TEXT_MODEL);
    const messages = good.calls[0]!.input.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);

    const described = fakeBinding(() => chat("A fool in a greenhouse, stepping toward the light."));
    expect(await described.ai.describeCard({ card: FOOL, theme: THEME, style: STYLE })).toBe("A fool in a greenhouse, stepping toward the light.");

    const bad = fakeBinding(() => Promise.reject(new Error("capacity")));
    const themes = await bad.ai.suggestThemes(5);
    expect(themes).toHaveLength(5);
    for (const theme of themes) expect(CANNED_THEMES).toContain(theme);
    expect(await bad.ai.describeCard({ card: FOOL, theme: THEME, style: STYLE })).toContain("The Fool");
    expect((await bad.ai.elaborateTheme(THEME)).toLowerCase()).toContain("greenhouse");
    const questions = await bad.ai.suggestQuestions({ category: "finance", count: 2 });
    for (const question of questions) expect(CANNED_QUESTIONS.finance).toContain(question);
    expect(
      await fakeBinding(() => ({})).ai.interpretReading({ question: "", spread: "One card", cards: [{ name: "The Sun", position: "Now", reversed: false }] }),
    ).toContain("Guidance Moving Forward");
  });

  it("paints with the image model from base64 JPEG, a stream or raw bytes", async () => {
    const fromBase64 = fakeBinding(() => ({ image: base64(JPEG) }));
    expect(await fromBase64.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE })).toEqual({
      bytes: JPEG,
      contentType: "image/jpeg",
      ext: "jpg",
      placeholder: false,
    });
    expect(fromBase64.calls[0]!.model).toBe(WORKERS_AI_IMAGE_MODEL);
    expect(fromBase64.calls[0]!.input.prompt).toBe(cardImagePrompt({ card: FOOL, theme: THEME, style: STYLE }));

    const stream = fakeBinding(() => new Response(PNG).body);
    expect(await stream.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE })).toEqual({
      bytes: PNG,
      contentType: "image/png",
      ext: "png",
      placeholder: false,
    });

    const raw = fakeBinding(() => JPEG);
    expect(await raw.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE })).toMatchObject({ contentType: "image/jpeg", placeholder: false });
  });

  it("takes more diffusion steps and asks for a finer finish at high quality", async () => {
    const binding = fakeBinding(() => ({ image: base64(JPEG) }));
    await binding.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE });
    await binding.ai.paintCard({ card: FOOL, theme: THEME, style: STYLE, quality: "high" });
    expect(binding.calls.map((call) => call.input.steps)).toEqual([20, 40]);
    // Asked at 3:4, so nothing of the picture is cropped away.
    expect(binding.calls.map((call) => [call.input.width, call.input.height])).toEqual([
      [768, 1024],
      [768, 1024],
    ]);
    expect(binding.calls[1]!.input.prompt).toBe(cardImagePrompt({ card: FOOL, theme: THEME, style: STYLE, quality: "high" }));
    expect(binding.calls[1]!.input.prompt).not.toBe(binding.calls[0]!.input.prompt);
  });

  it.each([
    ["an error", () => Promise.reject(new Error("3040: capacity exceeded"))],
    ["no image", () => ({})],
    ["an empty image", () => ({ image: "" })],
    ["invalid base64", () => ({ image: "not*base64" })],
  ])("paints the placeholder on %s", async (_label, answer: () => unknown) => {
    expectPlaceholder(await fakeBinding(answer).ai.paintCard({ card: FOOL, theme: THEME, style: STYLE }));
  });
});

describe("local AI", () => {
  const local = new LocalAi(() => 0.42);

  it("describes every card under 150 words, naming it, in more than one phrasing", async () => {
    const openings = new Set<string>();
    for (const c of FULL_DECK) {
      const text = await local.describeCard({ card: c, theme: THEME, style: STYLE });
      expect(text).toContain(c.name);
      expect(words(text)).toBeLessThan(150);
      openings.add(text.split(" ").slice(0, 2).join(" "));
    }
    expect(openings.size).toBeGreaterThan(2);
    // With a long theme and style the description still stays short.
    const long = await local.describeCard({ card: FOOL, theme: "word ".repeat(40), style: "style ".repeat(30) });
    expect(words(long)).toBeLessThan(150);
  });

  it("paints the card as SVG art", async () => {
    const image = await local.paintCard({ card: FOOL, theme: THEME, style: STYLE });
    expect(image.placeholder).toBe(false);
    expect(image.contentType).toBe("image/svg+xml");
    expect(image.ext).toBe("svg");
    const svg = svgText(image);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("The Fool");
  });

  it("offers canned themes, questions, deck descriptions and readings", async () => {
    const themes = await local.suggestThemes();
    expect(themes).toHaveLength(10);
    expect(new Set(themes).size).toBe(10);
    expect(await local.suggestThemes(3)).toHaveLength(3);
    const questions = await local.suggestQuestions({ category: "past-lives" });
    expect(questions).toHaveLength(4);
    for (const question of questions) expect(CANNED_QUESTIONS["past-lives"]).toContain(question);
    expect((await local.elaborateTheme(THEME)).toLowerCase()).toContain("greenhouse");
    const reading = await local.interpretReading({
      question: "What should I focus on?",
      spread: "Three cards",
      cards: [
        { name: "Ace of Wands", position: "Situation", reversed: false },
        { name: "The Tower", position: "Challenge", reversed: true },
        { name: "Queen of Pentacles", position: "Advice", reversed: false },
      ],
    });
    for (const section of READING_SECTIONS) expect(reading).toContain(`## ${section}`);
    expect(reading).toContain("Queen of Pentacles");
    expect(words(reading)).toBeLessThan(600);
  });

  it("names the spread as the room phrases it", async () => {
    const asked = { question: "Where next?", cards: [{ name: "The Star", position: "Future", reversed: false }] };
    for (const spread of SPREADS) {
      const reading = await local.interpretReading({ ...asked, spread: spread.phrase });
      expect(reading.toLowerCase(), spread.id).toContain(`your ${spread.phrase.toLowerCase()}`);
      expect(reading, spread.id).not.toContain(`${spread.phrase} spread`);
    }
    const three = await local.interpretReading({ ...asked, spread: "three-card spread", cards: [...asked.cards, ...asked.cards, ...asked.cards] });
    expect(three.toLowerCase()).toContain("your three-card spread");
    expect(three).toContain("three cards");
    expect((await local.interpretReading({ ...asked, spread: "" })).toLowerCase()).toContain("this spread");
  });
});

describe("streamed interpretations", () => {
  const reading = { question: "What now?", spread: "Three cards", cards: [{ name: "The Star", position: "Future", reversed: false }] };
  const collect = async (pieces: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const piece of pieces) out.push(piece);
    return out;
  };
  /** A byte stream that arrives in awkward chunks, split across event boundaries. */
  const chunked = (text: string, size = 7) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
        controller.close();
      },
    });
  const sse = (payloads: unknown[], done = false) =>
    payloads.map((p) => `data: ${typeof p === "string" ? p : JSON.stringify(p)}\n\n`).join("") + (done ? "data: [DONE]\n\n" : "");

  it("reads Gemini's server-sent events from streamGenerateContent", async () => {
    const parts = ["## Overall Energy\n", "A hopeful ", "spread.\n"];
    const { ai, requests } = fakeGemini(() => new Response(chunked(sse(parts.map((text) => ({ candidates: [{ content: { parts: [{ text }] } }] }))))));
    expect((await collect(ai.streamReading(reading))).join("")).toBe(parts.join(""));
    expect(requests[0]!.url).toBe(`https://generativelanguage.googleapis.com/v1beta/models/${GEMINI_TEXT_MODEL}:streamGenerateContent?alt=sse`);
    expect(requests[0]!.headers.get("x-goog-api-key")).toBe("gm-key");
  });

  it("reads Workers AI's stream up to [DONE]", async () => {
    const binding = fakeBinding(() =>
      chunked(sse([{ response: "## Overall " }, { response: "Energy" }, { response: "" }], true) + sse([{ response: "after done" }])),
    );
    expect((await collect(binding.ai.streamReading(reading))).join("")).toBe("## Overall Energy");
    expect(binding.calls[0]!.input.stream).toBe(true);
  });

  it("stops at 600 words, and falls back to our own reading when the model gives nothing", async () => {
    const long = Array.from({ length: 700 }, (_, i) => `word${i} `);
    const binding = fakeBinding(() =>
      chunked(
        sse(
          long.map((w) => ({ response: w })),
          true,
        ),
        64,
      ),
    );
    const text = (await collect(binding.ai.streamReading(reading))).join("");
    expect(text.trim().split(/\s+/).length).toBeLessThanOrEqual(599);
    expect(text.startsWith("word0 word1")).toBe(true);

    const down = await collect(fakeGemini(geminiDown).ai.streamReading(reading));
    expect(down.join("")).toContain("Overall Energy");
    expect(down.length).toBeGreaterThan(3);
    const broken = await collect(fakeBinding(() => Promise.reject(new Error("3040"))).ai.streamReading(reading));
    expect(broken.join("")).toContain("Guidance Moving Forward");
  });

  it("keeps what was written when the stream breaks midway", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset"));
        sent = true;
        controller.enqueue(new TextEncoder().encode(sse([{ response: "## Overall Energy\nSo far " }])));
      },
    });
    expect((await collect(fakeBinding(() => body).ai.streamReading(reading))).join("")).toBe("## Overall Energy\nSo far ");
  });
});
