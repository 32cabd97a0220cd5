import { describe, expect, it } from "vitest";
import { noticeMessage } from "../../app/mail/notices.server";

describe("notice e-mails", () => {
  const notice = {
    to: "ada@example.com",
    subject: "Your receipt",
    heading: "Thank you, <Ada>",
    paragraphs: ["You added funds & kept reading."],
    rows: [{ label: "Amount", value: "$10.00" }],
    action: { label: "See your balance", url: "https://arcanum.test/balance?a=1&b=2" },
    unsubscribeUrl: "https://arcanum.test/unsubscribe/abc",
  };

  it("says the same in the text part and the HTML part, with the HTML escaped", () => {
    const message = noticeMessage(notice);
    for (const part of ["Thank you, <Ada>", "You added funds & kept reading.", "Amount: $10.00", "See your balance: https://arcanum.test/balance?a=1&b=2"]) {
      expect(message.text).toContain(part);
    }
    expect(message.html).toContain("Thank you, &#60;Ada&#62;");
    expect(message.html).not.toContain("<Ada>");
    expect(message.html).toContain('href="https://arcanum.test/balance?a=1&#38;b=2"');
    expect(message.html).toContain('<html lang="en">');
    expect(message.link).toBe(notice.action.url);
  });

  it("offers a one-click unsubscribe in the body and in the headers mail clients read", () => {
    const message = noticeMessage(notice);
    expect(message.text).toContain("Stop these e-mails: https://arcanum.test/unsubscribe/abc");
    expect(message.headers).toEqual({ "List-Unsubscribe": "<https://arcanum.test/unsubscribe/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(noticeMessage({ ...notice, unsubscribeUrl: undefined }).headers).toBeUndefined();
  });
});
