import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { SiteFooter } from "~/components/site-footer";
import { SiteNav } from "~/components/site-nav";
import { ErrorScreen, NotFoundScreen } from "~/components/status-screens";

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteNav />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function MainLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  }
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Shell>
      <ErrorScreen message={message} />
    </Shell>
  );
}
