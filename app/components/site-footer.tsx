import { Link } from "@remix-run/react";
import { Wordmark } from "./logo";

const SOCIAL = [
  {
    href: "https://www.instagram.com/arcanum.tarot",
    label: "Instagram",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  },
  { href: "https://www.tiktok.com/@arcanum.tarot", label: "TikTok", path: "M14 3h3a5 5 0 0 0 4 4v3a8 8 0 0 1-4-1.2V15a6 6 0 1 1-6-6v3a3 3 0 1 0 3 3V3Z" },
  { href: "https://x.com/arcanumtarot", label: "X", path: "M4 4h4.5l4 5.5L17 4h3l-6 7 6.5 9H16l-4.3-5.9L6.5 20H3.5l6.7-7.8L4 4Z" },
];

export const CONTACT_EMAIL = "hello@arcanum.cards";

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-line bg-surface/60 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <Wordmark />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">
            Create and collect unique AI-generated tarot decks, and connect with like-minded souls.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Arcanum on social media">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`Arcanum on ${s.label}`}
                  className="grid h-9 w-9 place-items-center rounded-full border border-line text-muted hover:text-ink"
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4">
                    <path fill="currentColor" d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterGroup title="Explore">
          <Link to="/marketplace">Browse Decks</Link>
          <Link to="/create-deck" onClick={() => window.scrollTo({ top: 0 })}>
            Create Deck
          </Link>
          <Link reloadDocument to="/reading-room?create=true">
            Reading Room
          </Link>
          <Link to="/collection">My Collection</Link>
        </FooterGroup>
        <FooterGroup title="Resources">
          <Link to="/guides">Tarot Guides</Link>
          <Link to="/cards">Card Meanings</Link>
          <Link to="/developers">API Documentation</Link>
        </FooterGroup>
        <FooterGroup title="Legal">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/licensing">Licensing</Link>
          <Link to="/privacy#cookies">Cookie Policy</Link>
        </FooterGroup>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Arcanum. All rights reserved.</p>
          <p>
            Questions?{" "}
            <a className="underline underline-offset-2 hover:text-ink" href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterGroup({ title, children }: { title: string; children: React.ReactNode[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-display text-lg font-bold text-ink">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm text-muted [&_a:hover]:text-ink">
        {children.map((child, i) => (
          <li key={i}>{child}</li>
        ))}
      </ul>
    </nav>
  );
}
