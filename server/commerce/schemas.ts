// TypeBox schemas of the buying side's calls (docs/decisions/004-commerce.md). The response schemas mirror
// domain/commerce.ts and, being serialisation schemas, drop any property they do not declare.
import { Type, type TSchema } from 'typebox';
import { EnvelopeSchema } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Database ids: positive int4. */
export const MAX_ID = 2147483647;
const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...(description ? { description } : {}) });

/** The most prompts one cart, and so one checkout, holds. */
export const MAX_CART_ITEMS = 100;

const RequestId = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Chosen by the client once per attempt (a UUID, say): a retry with the same id answers the first result',
});

const PaidGrade = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '1 FruitCoin, 2 premium (free prompts are never bought)',
});
const Generator = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
const CouponKind = Type.Union([Type.Literal('percent'), Type.Literal('amount')]);
const CouponStatus = Type.Union([Type.Literal('valid'), Type.Literal('used'), Type.Literal('expired')]);
const OrderStatus = Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('cancelled')]);
const LedgerKind = Type.Union([
  Type.Literal('bonus'),
  Type.Literal('purchase'),
  Type.Literal('exchange'),
  Type.Literal('refund'),
  Type.Literal('adjustment'),
  Type.Literal('topup'),
]);

const ImageSchema = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  alt: Type.String(),
});

export const TotalsSchema = Type.Object({
  fruit: Type.Integer({ description: 'Sum of the FruitCoin items' }),
  subtotalCents: Type.Integer({ description: 'Sum of the premium items before the coupon' }),
  discountCents: Type.Integer({ description: 'What the coupon takes off the money part' }),
  totalCents: Type.Integer({ description: 'subtotalCents - discountCents' }),
});

export const CouponSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  title: Type.String(),
  kind: CouponKind,
  value: Type.Integer({ description: 'Percent (1-100) or cents off' }),
  minSpendCents: Type.Integer(),
  validFrom: Type.String(),
  validUntil: Type.String(),
  status: CouponStatus,
  usedAt: Nullable(Type.String()),
  orderId: Nullable(Type.Integer({ description: 'The order it is used on, when used' })),
  exchangeOfferId: Nullable(Type.Integer()),
});

const CartItemSchema = Type.Object({
  promptId: Type.Integer(),
  slugId: Type.String(),
  title: Type.String(),
  image: ImageSchema,
  generatorType: Generator,
  grade: PaidGrade,
  priceFruit: Nullable(Type.Integer()),
  priceCents: Nullable(Type.Integer()),
  addedAt: Type.String(),
});

export const CartSchema = Type.Object({
  items: Type.Array(CartItemSchema),
  totals: TotalsSchema,
  coupon: Nullable(CouponSchema),
  couponError: Nullable(
    Type.String({ description: 'Why the coupon asked for does not apply; null when it does' }),
  ),
  balance: Type.Integer({ description: "The member's FruitCoin balance now" }),
});

const OrderItemSchema = Type.Object({
  promptId: Type.Integer(),
  slugId: Type.String(),
  title: Type.String({ description: "The prompt's title when it was bought" }),
  image: ImageSchema,
  grade: PaidGrade,
  priceFruit: Nullable(Type.Integer()),
  priceCents: Nullable(Type.Integer()),
});

const summaryProperties = {
  id: Type.Integer(),
  status: OrderStatus,
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  cancelledAt: Nullable(Type.String()),
  itemCount: Type.Integer(),
  titles: Type.Array(Type.String(), { description: "The first items' titles (up to 3)" }),
  totals: TotalsSchema,
  checkout: Type.Object(
    {
      id: Type.Integer({
        description: 'The checkout ("Place order") that made the order: the id of its first order',
      }),
      orderIds: Type.Array(Type.Integer(), {
        description:
          "Every order of that checkout, this one included, oldest first (one per currency; the member's own)",
      }),
    },
    { description: 'The checkout that made the order: a mixed cart makes two orders, one per currency' },
  ),
};

export const OrderSummarySchema = Type.Object(summaryProperties);

const orderWithItemsProperties = {
  ...summaryProperties,
  items: Type.Array(OrderItemSchema),
  coupon: Nullable(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      title: Type.String(),
      kind: CouponKind,
      value: Type.Integer(),
    }),
  ),
  payment: Type.Object({
    method: Type.Union([Type.Literal('fruit'), Type.Literal('card')]),
    sessionId: Nullable(Type.String()),
    paymentUrl: Nullable(
      Type.String({ description: 'Where to pay a pending order whose payment session is open' }),
    ),
  }),
};

export const OrderDetailSchema = Type.Object({
  ...orderWithItemsProperties,
  otherOrders: Type.Array(Type.Object(orderWithItemsProperties), {
    description: 'The other orders of its checkout, with their items (empty for a checkout of one order)',
  }),
});

const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  amount: Type.Integer({ description: 'Signed: negative for spending' }),
  balanceAfter: Type.Integer(),
  kind: LedgerKind,
  reason: Type.String(),
  orderId: Nullable(Type.Integer()),
  createdAt: Type.String(),
});

const ExchangeOfferSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  fruitCost: Type.Integer(),
  couponTitle: Type.String(),
  couponKind: CouponKind,
  couponValue: Type.Integer(),
  couponMinSpendCents: Type.Integer(),
  couponValidDays: Type.Integer(),
});

// Requests -----------------------------------------------------------------------------------------------

export const CartQuery = Type.Object({
  couponId: Type.Optional(
    Type.String({
      maxLength: 32,
      description:
        "A coupon to price the cart with; one that does not apply (unknown, another member's, expired, " +
        'used, minimum spend not met) answers coupon: null and couponError, never an error',
    }),
  ),
});

export const PromptIdBody = Type.Object({ promptId: Id() });

export const CheckoutBody = Type.Object({
  promptIds: Type.Array(Id(), {
    minItems: 1,
    maxItems: MAX_CART_ITEMS,
    description: 'The prompts to buy (ids only: every price is the server’s)',
  }),
  couponId: Type.Optional(Nullable(Id("One of the member's valid coupons, for the money part"))),
  requestId: RequestId,
  referral: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 64,
        description: 'The share link (short url id) that brought the buyer; its owner is credited once paid',
      }),
    ),
  ),
});

export const OrdersQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  status: Type.Optional(Type.Enum(['pending', 'paid', 'cancelled'])),
});

/** Any text: an id that is not a positive integer answers 404, like an unknown one. */
export const OrderParams = Type.Object({
  orderId: Type.String({ description: 'The order id (a positive integer)' }),
});

export const ConfirmBody = Type.Object({
  sessionId: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: NO_NUL,
    description: "The order's payment session",
  }),
});

export const LedgerQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

export const CouponsQuery = Type.Object({
  status: Type.Optional(Type.Enum(['valid', 'used', 'expired'])),
});

export const ExchangeBody = Type.Object({ offerId: Id(), requestId: RequestId });

// Responses ----------------------------------------------------------------------------------------------

export const CartResponse = EnvelopeSchema(Type.Object({ data: CartSchema }));

export const CheckoutResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Object({
      fruitOrder: Nullable(OrderDetailSchema),
      cardOrder: Nullable(OrderDetailSchema),
      paymentUrl: Nullable(Type.String()),
      balance: Type.Integer(),
    }),
  }),
);

export const OrderPageResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(OrderSummarySchema),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  }),
);

export const OrderResponse = EnvelopeSchema(Type.Object({ data: OrderDetailSchema }));

export const PayResponse = EnvelopeSchema(
  Type.Object({ data: Type.Object({ paymentUrl: Type.String(), order: OrderDetailSchema }) }),
);

export const LedgerPageResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(LedgerEntrySchema),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    balance: Type.Integer(),
  }),
);

export const CouponsResponse = EnvelopeSchema(Type.Object({ data: Type.Array(CouponSchema) }));

export const OffersResponse = EnvelopeSchema(
  Type.Object({ data: Type.Array(ExchangeOfferSchema), balance: Type.Integer() }),
);

export const ExchangeResponse = EnvelopeSchema(
  Type.Object({ data: Type.Object({ coupon: CouponSchema, balance: Type.Integer() }) }),
);
