import type { Notice } from "../mail/notices.server";

/** The e-mail a follower gets when a favourite reader comes online (and no device of theirs took the push). */
export function readerOnlineNotice({
  to,
  name,
  username,
  origin,
  unsubscribeUrl,
}: {
  to: string;
  name: string;
  username: string;
  origin: string;
  unsubscribeUrl: string;
}): Notice {
  return {
    to,
    subject: `${name} is online on Arcanum`,
    heading: `${name} is online`,
    paragraphs: [
      `${name}, one of your favourite readers, is online now and can take a reading.`,
      "You get this because you asked to be told when they come online. We write at most once every three hours for each reader.",
    ],
    action: { label: `See ${name}'s page`, url: `${origin}/readers/${encodeURIComponent(username)}` },
    unsubscribeUrl,
  };
}
