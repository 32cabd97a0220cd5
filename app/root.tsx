import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { keepPageWhenKept } from "~/outbox/client-action";
import { rootLoader } from "~/auth/root-loader.server";
import { ErrorScreen, LoadingScreen, NotFoundScreen } from "~/components/status-screens";
import { WelcomeToast } from "~/components/toast";
import { useChosenTheme } from "~/components/theme-toggle";
import { useAccountChannel } from "~/auth/use-account-channel";
import { useOptionalUser, useRootData } from "~/auth/root-data";
import { useReaderAvailability } from "~/readers/use-reader-availability";
import { IncomingRequests } from "~/paid-readings/incoming-requests";
import { OutboxIndicator } from "~/outbox/waiting-form";
import { useNonce } from "~/security/nonce";
import { ServiceWorkerUi } from "~/sw/service-worker-ui";
import stylesheet from "~/styles/app.css?url";
import headingFont from "~/styles/fonts/cormorant-garamond-700-core.woff2?url";

export const links: LinksFunction = () => [
  // The display face of the logo and the page titles, fetched with the stylesheet instead of after
  // it: only its core glyphs at 700 (scripts/subset-fonts.ts). The semibold and the rest of Latin
  // come when a page uses them, so they do not share the first view's link with what it needs.
  { rel: "preload", href: headingFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable: the app's name, icons and shortcuts (icons painted by scripts/make-icons.ts).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "Arcanum — AI tarot decks, readings and readers" },
  {
    name: "description",
    content: "Create tarot decks with AI, collect and trade them in the marketplace, hold live shared readings and book human tarot readers.",
  },
];

/** After a form was kept in the outbox there is nothing new to load (decision 0060). */
export const shouldRevalidate = keepPageWhenKept;

export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

export function Layout({ children }: { children: ReactNode }) {
  // Without a choice the class stays off and the stylesheet follows the system preference.
  const theme = useChosenTheme();
  const nonce = useNonce();
  const errorReports = useRootData()?.errorReports;
  return (
    <html lang="en" className={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c0a18" media="(prefers-color-scheme: dark)" />
        <meta name="theme-color" content="#f6f1e7" media="(prefers-color-scheme: light)" />
        <meta name="application-name" content="Arcanum" />
        <meta name="apple-mobile-web-app-title" content="Arcanum" />
        <meta name="mobile-web-app-capable" content="yes" />
        {errorReports ? <meta name="error-reports" content={errorReports} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="text-ink">
        <a href="#main" className="sr-only z-50 rounded-md bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** After half a second of waiting for the next page, show the loading screen over the current one. */
function PendingNavigation() {
  const navigation = useNavigation();
  const [visible, setVisible] = useState(false);
  const loading = navigation.state === "loading" && !navigation.formMethod;
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 500);
    return () => clearTimeout(timer);
  }, [loading]);
  return visible ? <LoadingScreen overlay /> : null;
}

export default function App() {
  const user = useOptionalUser();
  // A member's tabs follow their account live: a plan bought in one tab shows in all of them.
  useAccountChannel(user && !user.isGuest ? user.id : null);
  const readerPresence = useRootData()?.readerPresence ?? null;
  useReaderAvailability(readerPresence);
  // Marks the document once React is in charge, with the address React last finished drawing:
  // after a navigation inside the app the browser's address changes before the new page is
  // drawn, so scripts and tests wait for the two to agree.
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = pathname + search;
  }, [pathname, search]);
  return (
    <>
      {/* Registers the service worker; its offline state and update prompt (app/sw/). */}
      <ServiceWorkerUi />
      <Outlet />
      <PendingNavigation />
      <WelcomeToast />
      <OutboxIndicator />
      {/* An available reader hears of requests in every tab. */}
      {readerPresence ? <IncomingRequests /> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : undefined;
  return <ErrorScreen message={message} />;
}
