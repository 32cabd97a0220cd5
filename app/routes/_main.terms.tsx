import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { CONTACT_EMAIL } from "~/components/site-footer";
import { LegalPage, LegalSection } from "~/components/legal-page";

export const meta: MetaFunction = () => [
  { title: "Terms of Service — Arcanum" },
  { name: "description", content: "The terms for using Arcanum: your account, your decks, the marketplace, payments and readings." },
];

export default function Terms() {
  return (
    <LegalPage
      eyebrow="Terms"
      title="Terms of Service"
      updated="29 November 2026"
      intro={<p>The plain rules for using Arcanum. By using the site you agree to them.</p>}
    >
      <LegalSection id="service" title="What Arcanum is">
        <p>
          Arcanum lets you create tarot decks whose cards are painted by AI, keep them in your collection, sell them in the marketplace, and hold readings with
          other people, with video between your browsers. Tarot readings are for reflection and entertainment; they are not medical, legal or financial advice.
        </p>
      </LegalSection>

      <LegalSection id="account" title="Your account">
        <ul>
          <li>You may use Arcanum as a guest. Some things, such as buying, selling and hosting paid readings, need an account with an e-mail address.</li>
          <li>Keep access to your e-mail safe: sign-in links are sent there, and whoever opens them is signed in as you.</li>
          <li>
            You may delete your account at any time on your <Link to="/profile#delete-account">profile page</Link>. What happens then is described in our{" "}
            <Link to="/privacy#deletion">Privacy page</Link>.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="decks" title="Your decks">
        <ul>
          <li>
            The decks you create are yours to use. Describe themes you have the right to use, and nothing hateful, sexual involving minors, or meant to harm
            someone.
          </li>
          <li>AI can paint things that look like other works. Check a deck before you sell it or use it commercially.</li>
          <li>We store your decks to show them to you and to the people you share them with or sell them to.</li>
        </ul>
      </LegalSection>

      <LegalSection id="marketplace" title="The marketplace">
        <ul>
          <li>
            When you list a deck, you set its price and licence. A buyer gets the licence you chose: personal use, or commercial use too. What each grants is on
            the <Link to="/licensing">Licensing</Link> page.
          </li>
          <li>A buyer keeps a deck they bought, even if you later unlist it or delete your account: a listed deck is never taken away from its buyers.</li>
          <li>We keep a marketplace fee on each sale, shown to you before you list. Your share is paid out to your payout account.</li>
          <li>Anyone may report a listing; our staff may hide listings that break these terms, and tell you why.</li>
        </ul>
      </LegalSection>

      <LegalSection id="payments" title="Payments and subscriptions">
        <ul>
          <li>Payments go through our payment provider, Stripe. Prices are in US dollars and shown before you pay.</li>
          <li>Subscriptions renew each month or year until you cancel. When you cancel, your plan runs to the end of the period you paid for.</li>
        </ul>
      </LegalSection>

      <LegalSection id="readings" title="Readings and video">
        <ul>
          <li>Be respectful at the table. A host may remove anyone from their reading.</li>
          <li>Video and sound go directly between the browsers at the table and are not recorded by Arcanum. Do not record others without their consent.</li>
          <li>Readers set their own price per minute, shown on their profile.</li>
          <li>
            Paid live readings come with our <Link to="/guarantee">satisfaction guarantee</Link>: its terms, and who pays for a claim, are on that page.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="changes" title="Changes and ending">
        <p>
          We may change these terms; the date at the top tells you when they last changed. We may close accounts that break these terms. Arcanum is offered as
          it is, without guarantees that it will always be available or free of mistakes.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Questions">
        <p>
          Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
