import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { CONTACT_EMAIL } from "~/components/site-footer";
import { LegalPage, LegalSection } from "~/components/legal-page";

export const meta: MetaFunction = () => [
  { title: "Privacy — Arcanum" },
  { name: "description", content: "What Arcanum stores about you, the cookies it sets, how long it keeps things and how to delete your account." },
];

export default function Privacy() {
  return (
    <LegalPage
      eyebrow="Privacy"
      title="What we keep, and why"
      updated="25 November 2026"
      intro={<p>Arcanum keeps only what it needs to make your decks, run your readings and take payments. This page lists it all.</p>}
    >
      <LegalSection id="account" title="Your account">
        <p>
          When you first visit, we make a guest account so that your decks and readings have somewhere to live. It has a made-up name and no e-mail address.
          When you sign up, we store:
        </p>
        <ul>
          <li>your e-mail address (we send sign-in links to it), and the name, username, picture and bio you give us;</li>
          <li>if you sign in with Google, the id Google gives your account and, when you have no picture yet, a copy of your Google picture;</li>
          <li>
            if you apply to read for others, your application (display name, bio, specialties, languages, years of practice, price), your quiz attempts with
            their questions and answers, and, once you pass, your public certificate; as a reader, your price per minute, your level, whether you chose to be
            available, and when you were last online.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="decks" title="Decks, readings and your journal">
        <ul>
          <li>
            The decks you create: the theme and style you describe, the card texts, and the card images, which we store in our file storage. Your theme and
            style are sent to the image and text services that paint the cards (Google Gemini or Cloudflare Workers AI); they are used to make your cards, not
            to identify you.
          </li>
          <li>Your credits and a record of each time one was used or given back.</li>
          <li>
            Readings you host or join: who sat at the table, the spread, the cards drawn and the invitations sent, and the last hundred lines of the table's
            chat, which everyone seated can read while the room is open and which go when it closes.
          </li>
          <li>Your journal: the readings you saved, your notes, and whether you shared a reading by link.</li>
          <li>In the marketplace: your listings, the decks you bought, your reviews and any report you made.</li>
        </ul>
      </LegalSection>

      <LegalSection id="paid-readings" title="Paid readings with a reader">
        <ul>
          <li>
            Your reading balance and each change to it: top-ups, every minute a reading charged, and refunds. We keep amounts in cents, with the date and the
            reading they belong to.
          </li>
          <li>
            Each request you send a reader (the kind of reading and your question), whether it was accepted, and each paid reading: who read for whom, when it
            started and ended, its minutes, what it cost, the platform&apos;s fee and the reader&apos;s earning.
          </li>
          <li>Your review of a reading and the reader&apos;s answer, which are public on the reader&apos;s profile, and any report you made to us.</li>
          <li>
            A paid reading is kept in the journal of both of you, like any reading. Its video goes only between your two browsers, as below: we do not record
            it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="video" title="Video in the reading room">
        <p>
          Video and sound in a reading go directly between the browsers at the table (peer to peer, over WebRTC). Our server only passes along the short
          messages the browsers need to find each other. We never receive, record or store your picture or voice.
        </p>
      </LegalSection>

      <LegalSection id="payments" title="Payments">
        <p>
          Payments are made through our payment provider, Stripe. You enter your card on Stripe's own page; we never see or store your card number. We keep what
          Stripe tells us about each payment: what it was for, the amount, the date, refunds and a link to Stripe's receipt. We also keep the card's
          fingerprint, a code Stripe gives that is the same for the same card and says nothing of its number, so that reviews of a reader cannot come from the
          reader's own accounts. If you sell decks, we keep a ledger of your sales, fees and payouts, and the id of your payout account at Stripe.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies">
        <p>We set only the cookies the site needs to work. There are no advertising or tracking cookies and no third-party analytics.</p>
        <ul>
          <li>
            <strong>arcanum_session</strong>: keeps you signed in (as a guest or a member). It holds a random token; we store only a hash of it. Lasts 30 days,
            and ends when you sign out.
          </li>
          <li>
            <strong>arcanum_device</strong>: recognises this browser so that it gets its own guest account back and the free allowance is given once per
            browser. Lasts about 13 months.
          </li>
          <li>
            <strong>theme</strong>: remembers whether you chose the light or dark look. Lasts a year.
          </li>
          <li>
            <strong>arcanum_saved</strong>: notes, as a yes, that a guest has saved a deck or a reading, so the header shows them the way back to it.{" "}
            <strong>arcanum_prompt_dismissed</strong>: remembers that you put away the suggestion to create an account. Each lasts a year and holds nothing
            else.
          </li>
          <li>
            <strong>arcanum_welcome</strong>: lets the page after a sign-in greet you once. It lasts five minutes at most and is removed when read.
          </li>
          <li>
            <strong>d1_bookmark</strong>: after you change something, tells our database how recent a copy must be to answer you, so you always see your own
            last change. It holds a position in the database&apos;s history, nothing about you, and lasts a day.
          </li>
          <li>
            <strong>arcanum_pending</strong>, <strong>_totp</strong>, <strong>arcanum_google</strong> and <strong>arcanum_oauth</strong>: carry one sign-in from
            start to finish (where to return, a one-time code). They last minutes and are removed when sign-in ends.
          </li>
        </ul>
        <p>
          On secure connections the session, device and bookmark cookies carry the <code>__Host-</code> prefix, which keeps them to this site only.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep things">
        <ul>
          <li>Your account and everything in it, for as long as you keep the account.</li>
          <li>Sign-in sessions, for 30 days, or until you sign out.</li>
          <li>Counters of sign-in attempts per e-mail and network address, only until their time window has passed and the next clean-up runs.</li>
          <li>
            Payment records, sales ledgers and the records of paid readings, for as long as the law asks us to keep accounting records, even after you delete
            your account.
          </li>
          <li>The chat of a reading room, until the room closes (an hour after the last action at the table at most).</li>
        </ul>
      </LegalSection>

      <LegalSection id="deletion" title="Deleting your account">
        <p>
          You can delete your account yourself on your <Link to="/profile#delete-account">profile page</Link>. We then delete your decks and their card images,
          your picture, the readings you hosted, your journal, your credits, your sign-in sessions and your profile, and sign you out.
        </p>
        <p>A few things stay, because other people or the law depend on them:</p>
        <ul>
          <li>Decks that other people bought from you stay readable for them, out of the marketplace. Your name is removed from them.</li>
          <li>Payment receipts and sales records stay for accounting, with your name, e-mail and profile removed.</li>
          <li>
            Paid readings stay with their figures and reviews, because they are the other person&apos;s record too, and so do the lines of your reading balance;
            whatever is left of the balance goes with the account, so spend it or ask us for it first. A paid reading still going on must be ended before the
            account can be deleted.
          </li>
          <li>Reviews you wrote of decks you bought stay, shown as from a deleted member, because they count in the deck's rating.</li>
          <li>
            What is open with other people is settled first: scheduled readings are cancelled (as a reader, your clients get everything held for them back and
            are told by e-mail; as a client, the usual cancellation rule applies), written readings not yet answered are refunded, and your hours and offers are
            withdrawn. The bookings and requests stay as the other person&apos;s record. A scheduled reading whose room is open must end first.
          </li>
        </ul>
        <p>If you pay for a subscription, cancel it first, so that nothing is charged after your account is gone.</p>
      </LegalSection>

      <LegalSection id="contact" title="Questions">
        <p>
          Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> and a person will answer. See also our <Link to="/terms">Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
