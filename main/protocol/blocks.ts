/**
 * The nested blocks of the interface (section "Resources and their fields"), each exactly as its table
 * gives it. Form requests carry a block as a JSON string, JSON requests as an object; `block` accepts both.
 */
import { z } from 'zod';
import { bigDigits, block, bool, digits, dateTime19, fixed, optional, phone, str, yyyymmdd } from './fields.js';

export const billingPayerData = block(
  z.object({
    billingCity: optional(str(0, 50)),
    billingCountry: optional(str(0, 50)),
    billingAddressLine1: optional(str(0, 50)),
    billingAddressLine2: optional(str(0, 50)),
    billingAddressLine3: optional(str(0, 50)),
    billingPostalCode: optional(str(0, 9)),
    billingState: optional(str(0, 50, /^[\x20-\x7e]*$/, 'String [0..50], Latin characters only')),
    payerAccount: str(1, 32),
    payerLastName: optional(str(1, 64)),
    payerFirstName: optional(str(1, 35)),
    payerMiddleName: optional(str(1, 35)),
    payerCombinedName: optional(str(1, 99)),
    payerIdType: optional(str(1, 8)),
    payerIdNumber: optional(str(1, 100)),
    payerBirthday: optional(yyyymmdd),
  }),
);

export const shippingPayerData = block(
  z.object({
    shippingCity: optional(str(1, 50)),
    shippingCountry: optional(str(1, 50)),
    shippingAddressLine1: optional(str(1, 50)),
    shippingAddressLine2: optional(str(1, 50)),
    shippingAddressLine3: optional(str(1, 50)),
    shippingPostalCode: optional(str(1, 16)),
    shippingState: optional(str(1, 50)),
    shippingMethodIndicator: optional(digits(2, 2)),
    deliveryTimeframe: optional(digits(2, 2)),
    deliveryEmail: optional(str(1, 254)),
  }),
);

export const preOrderPayerData = block(
  z.object({
    preOrderDate: optional(fixed(10)),
    preOrderPurchaseInd: optional(digits(2, 2)),
    reorderItemsInd: optional(digits(2, 2)),
  }),
);

export const orderPayerData = block(
  z.object({
    homePhone: optional(phone),
    workPhone: optional(phone),
    mobilePhone: optional(phone),
  }),
);

/** marketplace: foreignRetailerIndicator is mandatory unless retailers (exactly one element) is passed. */
export const marketplace = block(
  z
    .object({
      marketplaceId: str(1, 11),
      foreignRetailerIndicator: optional(bool),
      retailers: optional(
        z.array(z.object({ foreignRetailerIndicator: bool }), { error: 'an array' }).length(1, { error: 'exactly one element' }),
      ),
    })
    .superRefine((m, ctx) => {
      if (m.retailers === undefined && m.foreignRetailerIndicator === undefined) {
        ctx.addIssue({ code: 'custom', message: 'missing', path: ['foreignRetailerIndicator'] });
      }
    }),
);

const address = z.object({
  city: str(1, 50),
  postalCode: str(1, 16),
  // Typed "Integer [2]" in the interface, but it holds an ISO 3166-1 two-letter code.
  country: fixed(2, /^[A-Za-z]{2}$/, 'String [2], ISO 3166-1 two-letter code'),
  street: optional(str(1, 40)),
});

export const paymentFacilitator = block(
  z.object({
    pfId: str(1, 11),
    name: str(1, 40),
    isoId: optional(str(1, 11)),
    subMerchants: z.array(z.object({ subMerchantId: str(1, 20), name: str(1, 40), address }), { error: 'an array of sub-merchants' }),
  }),
);

/** quantity.value: Number [1..18] with a decimal point and at most 3 decimal places. */
const quantityValue = z
  .custom<number | string>(() => true)
  .transform((value, ctx) => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (text === undefined || text === null || text === '') {
      ctx.addIssue({ code: 'custom', message: 'missing' });
      return z.NEVER;
    }
    const m = typeof text === 'string' ? /^([0-9]+)(?:\.([0-9]{1,3}))?$/.exec(text) : null;
    if (!m || m[1]!.length + (m[2]?.length ?? 0) > 18) {
      ctx.addIssue({ code: 'custom', message: 'Number [1..18] with at most 3 decimal places' });
      return z.NEVER;
    }
    // Thousandths as an exact integer, so that price x quantity is compared without rounding.
    return BigInt(m[1]!) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'));
  });

const cartItem = z
  .object({
    positionId: digits(1, 12),
    name: str(1, 255),
    itemDetails: optional(
      z.object({
        itemDetailsParams: optional(z.object({ value: str(1, 2000), name: str(1, 255) })),
      }),
    ),
    quantity: z.object({ value: quantityValue, measure: str(1, 20) }),
    itemAmount: optional(digits(1, 12)),
    itemPrice: optional(bigDigits(1, 18)),
    itemCurrency: optional(digits(3, 3)),
    itemCode: optional(str(1, 100)),
  })
  .superRefine((item, ctx) => {
    // itemAmount must equal itemPrice x quantity when both are passed; quantity is in thousandths.
    if (item.itemAmount !== undefined && item.itemPrice !== undefined) {
      if (BigInt(item.itemAmount) * 1000n !== item.itemPrice * item.quantity.value) {
        ctx.addIssue({ code: 'custom', message: 'itemPrice multiplied by quantity', path: ['itemAmount'] });
      }
    }
  });

export const orderBundle = block(
  z.object({
    orderCreationDate: optional(dateTime19),
    customerDetails: optional(
      z.object({
        contact: optional(str(0, 40)),
        fullName: optional(str(1, 100)),
        passport: optional(str(1, 100)),
        deliveryInfo: optional(
          z.object({
            deliveryType: optional(str(1, 20)),
            country: fixed(2),
            city: str(0, 40),
            postAddress: str(1, 255),
          }),
        ),
      }),
    ),
    cartItems: z.object({
      // The table calls items "an Object: a cart item"; real carts send an array of them. Both are taken.
      items: z.preprocess(
        (items) => (items !== null && typeof items === 'object' && !Array.isArray(items) ? [items] : items),
        z.array(cartItem, { error: 'a cart item or an array of them' }).min(1, { error: 'at least one cart item' }),
      ),
    }),
  }),
);

export const clientBrowserInfo = block(
  z.object({
    userAgent: optional(str(1, 2048)),
    OS: optional(str(1, 255)),
    OSVersion: optional(str(1, 255)),
    browserAcceptHeader: optional(str(1, 2048)),
    browserIpAddress: optional(str(1, 45)),
    browserLanguage: optional(str(1, 8)),
    browserTimeZone: optional(str(1, 255)),
    browserTimeZoneOffset: optional(str(1, 5)),
    colorDepth: optional(str(1, 2)),
    fingerprint: optional(str(1, 2048)),
    isMobile: optional(bool),
    javaEnabled: optional(bool),
    javascriptEnabled: optional(bool),
    plugins: optional(str(1, 8192)),
    screenHeight: optional(digits(1, 6)),
    screenWidth: optional(digits(1, 6)),
    screenPrint: optional(str(1, 2048)),
    device: optional(str(1, 255)),
    deviceType: optional(str(1, 255)),
  }),
);

/** The payer-data blocks several payment requests accept together. */
export const payerBlocks = {
  billingPayerData: optional(billingPayerData),
  shippingPayerData: optional(shippingPayerData),
  preOrderPayerData: optional(preOrderPayerData),
  orderPayerData: optional(orderPayerData),
  billingAndShippingAddressMatchIndicator: optional(fixed(1)),
};
