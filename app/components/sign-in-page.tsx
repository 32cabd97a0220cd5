import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { SignInActionData, SignInLoaderData, SignInMode } from "../auth/sign-in.server";
import { SignInForm } from "./sign-in-form";

/**
 * Round trips of the sign-in forms' action: asking for a link is a handful, but a typed code signs
 * in as the link's landing does (11, see the callback route) after counting the try against its limit.
 */
export const SIGN_IN_ACTION_ROUND_TRIPS = 12;

/** `/login` and `/signup` as whole pages: they work without JavaScript. */
export function SignInPage({ mode }: { mode: SignInMode }) {
  const { redirectTo, googleEnabled, googleNotice } = useLoaderData<SignInLoaderData>();
  const result = useActionData<SignInActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const search = params.toString() ? `?${params.toString()}` : "";
  const here = mode === "create" ? "/signup" : "/login";
  return (
    <div className="px-4 pb-8 pt-12 sm:pt-20">
      <section aria-labelledby="sign-in-heading" className="mx-auto max-w-md rounded-3xl border border-line bg-surface/80 p-6 shadow-sm sm:p-10">
        <SignInForm
          mode={mode}
          redirectTo={redirectTo}
          isAnonymous /* members are sent on by the loader: whoever sees this page is a guest or a visitor */
          googleEnabled={googleEnabled}
          googleNotice={googleNotice}
          result={result}
          busy={navigation.state === "submitting"}
          FormComponent={Form}
          toggle={{ href: `${mode === "create" ? "/login" : "/signup"}${search}` }}
          back={{ href: `${here}${search}` }}
        />
      </section>
    </div>
  );
}
