/**
 * The cardholder's side of the sandbox: the payment page at formUrl, the ACS page behind acsRedirect.do
 * (3DS2 challenge with a one-time code, 3DS1 with a password), the 3DS1 return to termUrl, and the
 * 3DS method pages. Each ends in a redirect to returnUrl or failUrl with orderId appended.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHALLENGE_CODE, THREEDS1_PASSWORD } from '../engine/cards.js';
import type { Core } from '../engine/core.js';
import { expireIfDue, isPaidOrder, markAcsStarted, requirePaymentEmail } from '../engine/lifecycle.js';
import { completeAuthentication, payWithCard } from '../engine/payment.js';
import { GatewayError } from '../errors.js';
import { decodeUtf8, parseForm, readBody } from '../http/body.js';
import { displayAmount, escapeHtml, page } from '../http/html.js';
import { OrderStatus, type Order } from '../state/model.js';
import { redirectAfter } from '../views.js';
import { acsUrl, cardFrom } from './cardData.js';

export type PageHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

/** GET query parameters, or the form body of a POST. */
async function formOf(req: IncomingMessage, url: URL): Promise<Map<string, string>> {
  const out = new Map<string, string>(url.searchParams);
  if (req.method === 'POST') {
    for (const [k, v] of parseForm(decodeUtf8(await readBody(req)))) out.set(k, v[0] ?? '');
  }
  return out;
}

function orderSummary(order: Order): string {
  const card = order.pending?.attempt.card ?? order.payment?.card;
  return `<dl><dt>Order</dt><dd>${escapeHtml(order.orderNumber)}</dd>
<dt>Amount</dt><dd>${escapeHtml(displayAmount(order.amount, order.currency))}</dd>
${card ? `<dt>Card</dt><dd>${escapeHtml(card.maskedPan)}</dd>` : ''}</dl>`;
}

export interface Pages {
  /** Pages at fixed paths. */
  readonly byPath: ReadonlyMap<string, PageHandler>;
  /** The payment page, served at every merchant's formUrl. */
  readonly paymentPage: PageHandler;
  /** The gateway default return page at {base_url}/payment/<merchant>, for a path naming a merchant. */
  readonly returnPageFor: (path: string) => PageHandler | undefined;
}

export function createPages(core: Core): Pages {
  // PaRes is signed so that nothing but this ACS can complete a 3DS1 payment at termUrl.
  const secret = randomBytes(32);
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');

  const pendingOrder = (id: string | undefined): Order | undefined => {
    const order = id ? core.state.orderForCardholder(id) : undefined;
    return order ? expireIfDue(core, order) : undefined;
  };

  const acsPage: PageHandler = async (req, res, url) => {
    const form = await formOf(req, url);
    const order = pendingOrder(form.get('orderId'));
    if (!order) return sendHtml(res, 404, page('Order not found', '<p>No order has this identifier.</p>'));
    if (order.pending?.stage !== 'acs') {
      return sendHtml(res, 409, page('Nothing to authenticate', '<p>This order is not waiting for 3-D Secure authentication.</p>'));
    }
    markAcsStarted(core, order);
    const v1 = order.pending.version === '1';
    const prompt = v1
      ? `3-D Secure password <span class="note">(sandbox: ${THREEDS1_PASSWORD})</span>`
      : `One-time code sent to your phone <span class="note">(sandbox: ${CHALLENGE_CODE})</span>`;
    sendHtml(
      res,
      200,
      page(
        'Sandbox ACS: confirm the payment',
        `${orderSummary(order)}
<form method="post" action="/payment/acs/submit">
<input type="hidden" name="orderId" value="${escapeHtml(order.id)}">
<label for="code">${prompt}</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="numeric" autofocus>
<button type="submit" name="action" value="confirm">Confirm</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
      ),
    );
  };

  const acsSubmit: PageHandler = async (req, res, url) => {
    const form = await formOf(req, url);
    const order = pendingOrder(form.get('orderId'));
    if (!order || order.pending?.stage !== 'acs') {
      return sendHtml(res, 409, page('Nothing to authenticate', '<p>This order is not waiting for 3-D Secure authentication.</p>'));
    }
    const v1 = order.pending.version === '1';
    const passed = form.get('action') !== 'cancel' && form.get('code') === (v1 ? THREEDS1_PASSWORD : CHALLENGE_CODE);
    if (!v1) {
      completeAuthentication(core, order, passed);
      return redirect(res, redirectAfter(order, core.baseUrl()));
    }
    // 3DS1: the ACS sends the cardholder back to the gateway's termUrl with MD and PaRes.
    const paRes = Buffer.from(JSON.stringify({ orderId: order.id, transId: order.pending.transId, passed })).toString('base64url');
    redirect(res, `${core.baseUrl()}/payment/rest/finish3ds.do?MD=${encodeURIComponent(order.id)}&PaRes=${paRes}.${mac(paRes)}`);
  };

  const termUrl: PageHandler = async (req, res, url) => {
    const form = await formOf(req, url);
    const [body = '', signature = ''] = (form.get('PaRes') ?? '').split('.');
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return sendHtml(res, 400, page('Authentication result rejected', '<p>PaRes was not issued by this ACS.</p>'));
    }
    const result = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { orderId: string; transId: string; passed: boolean };
    const order = pendingOrder(result.orderId);
    if (!order || form.get('MD') !== order.id || order.pending?.transId !== result.transId) {
      return sendHtml(res, 409, page('Nothing to authenticate', '<p>This order is not waiting for 3-D Secure authentication.</p>'));
    }
    completeAuthentication(core, order, result.passed);
    redirect(res, redirectAfter(order, core.baseUrl()));
  };

  /** The payment page at formUrl: the cardholder enters a card; 3-D Secure continues at the ACS page. */
  const paymentPage: PageHandler = async (req, res, url) => {
    const form = await formOf(req, url);
    const order = pendingOrder(form.get('mdOrder'));
    if (!order) return sendHtml(res, 404, page('Order not found', '<p>No order has this identifier.</p>'));
    if (req.method === 'POST' && order.status === OrderStatus.REGISTERED && !order.pending) {
      const expiry = (form.get('expiry') ?? '').replace(/^(\d{2})\/?(\d{2})$/, '20$2$1');
      try {
        requirePaymentEmail(order.email, order.language);
        const { card, cvc } = cardFrom(
          core.fingerprint,
          (form.get('pan') ?? '').replace(/\s/g, ''),
          expiry,
          form.get('holder') || 'CARD HOLDER',
          form.get('cvc'),
          'pan',
          order.language,
        );
        let outcome = payWithCard(core, { order, card, cvc, paymentWay: 'CARD' });
        // The page runs the 3DS method step itself, then repeats the request as a merchant would.
        if (outcome.kind === 'threeDS2Method')
          outcome = payWithCard(core, { order, card, cvc, paymentWay: 'CARD', threeDSServerTransId: outcome.transId });
        return redirect(res, outcome.kind === 'settled' ? redirectAfter(order, core.baseUrl()) : acsUrl(core, order));
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        return sendHtml(
          res,
          400,
          page(
            'Card not accepted',
            `<p>${escapeHtml(err.message)}</p><p><a href="${escapeHtml(url.pathname + url.search)}">Try again</a></p>`,
          ),
        );
      }
    }
    if (order.status !== OrderStatus.REGISTERED || order.pending) {
      return sendHtml(
        res,
        409,
        page('Order not payable', `${orderSummary(order)}<p>This order is not waiting for a card (status ${order.status}).</p>`),
      );
    }
    sendHtml(
      res,
      200,
      page(
        'Sandbox payment page',
        `${orderSummary(order)}
<form method="post">
<label for="pan">Card number</label><input id="pan" name="pan" autocomplete="cc-number" inputmode="numeric">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp">
<label for="cvc">CVC</label><input id="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric">
<label for="holder">Cardholder name</label><input id="holder" name="holder" autocomplete="cc-name" value="CARD HOLDER">
<button type="submit">Pay</button>
</form><p class="note">Test cards are listed in the README's sandbox section.</p>`,
      ),
    );
  };

  const blank: PageHandler = async (_req, res) => sendHtml(res, 200, page('Sandbox', '<p>Done.</p>'));

  /** Where a returnUrl or failUrl without a protocol sends the cardholder: whether the payment finished or failed. */
  const returnPage =
    (merchant: string): PageHandler =>
    async (_req, res, url) => {
      const id = url.searchParams.get('orderId') ?? undefined;
      const order = id ? core.state.orderById(merchant, id) : undefined;
      if (!order) return sendHtml(res, 200, page('Payment', '<p>No payment of this merchant is named here.</p>'));
      const paid = isPaidOrder(order);
      sendHtml(
        res,
        200,
        page(
          paid ? 'Payment finished' : 'Payment failed',
          `${orderSummary(order)}<p>${paid ? 'The payment finished.' : 'The payment failed: the order was not paid.'}</p>`,
        ),
      );
    };
  const returnPageFor = (path: string): PageHandler | undefined => {
    const segment = /^\/payment\/([^/]+)$/.exec(path)?.[1];
    if (segment === undefined) return undefined;
    let merchant: string;
    try {
      merchant = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    return core.state.merchant(merchant) ? returnPage(merchant) : undefined;
  };

  const byPath = new Map<string, PageHandler>([
    ['/payment/acsRedirect.do', acsPage],
    ['/payment/acs/submit', acsSubmit],
    ['/payment/rest/finish3ds.do', termUrl],
    ['/payment/3ds/method.do', blank],
    ['/payment/3ds/methodServer.do', blank],
    ['/payment/3ds/notification.do', blank],
    ['/payment/finish.html', blank],
  ]);
  return { byPath, paymentPage, returnPageFor };
}
