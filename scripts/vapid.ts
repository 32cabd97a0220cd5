// `npm run vapid`: a new Web Push key pair for production, printed once (docs/decisions/0061).
// Keep the private key a secret: `wrangler secret put VAPID_PRIVATE_KEY`.
import { generateVapidKeys } from "../app/push/web-push.server";

const { publicKey, privateKey } = await generateVapidKeys();
process.stdout.write(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${privateKey}\nVAPID_SUBJECT=mailto:you@example.com\n`);
