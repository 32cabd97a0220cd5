/** What a person's channel tells their tabs: reload what you show, because this changed. */
export type AccountMessage = { type: "account-changed"; reason: "plan" | "credits" | "reader" | "reading" };

export const USER_CHANNEL_PARTY = "user-channel";
