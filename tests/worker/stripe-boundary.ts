/** Stripe's API as the adapters' tests see it: a fetch that records each call and answers with constructed responses. */
export type StripeCall = { method: string; url: URL; headers: Headers; body: URLSearchParams };

export function recordingFetch(answer: (call: StripeCall) => Response | Promise<Response>) {
  const calls: StripeCall[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const call = { method: request.method, url: new URL(request.url), headers: request.headers, body: new URLSearchParams(await request.text()) };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { calls, fetchImpl };
}
