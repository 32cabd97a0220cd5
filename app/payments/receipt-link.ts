/** Where a person's payments are listed with their figures and refunds: the subscription page's payments. */
export const PAYMENTS_PATH = "/subscription#payments";

/** The id of one payment's line on that list, so a link can land on it. */
export const receiptAnchor = (receiptId: string) => `receipt-${receiptId}`;

/** The path of one payment's receipt on the payments list. */
export const receiptPath = (receiptId: string) => `/subscription#${receiptAnchor(receiptId)}`;
