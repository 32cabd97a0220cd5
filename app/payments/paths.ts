/** Where the payment provider posts its signed JSON events; with the API (JSON, `/api/v1/`), the only bodies that are not forms. */
export const PAYMENT_WEBHOOK_PATH = "/webhooks/stripe";
