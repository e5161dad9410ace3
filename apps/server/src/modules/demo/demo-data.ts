/** The demo workspace's people and conversations: realistic, varied, and small. */

export const DEMO_ACCOUNT_NAME = 'Northwind Outfitters';
export const DEMO_OWNER = {
  name: 'Maya Fernandes',
  email: 'demo@parley.localhost',
  password: 'parley-demo',
};

export const DEMO_AGENTS = [
  { name: 'Jonas Berg', email: 'jonas@parley.localhost', level: 'admin' as const },
  { name: 'Priya Raman', email: 'priya@parley.localhost', level: 'agent' as const },
  { name: 'Tomás Alvarez', email: 'tomas@parley.localhost', level: 'agent' as const },
];

export const DEMO_TEAMS = [
  {
    name: 'Customer Care',
    description: 'Orders, returns and product questions',
    members: [0, 2, 3],
  },
  { name: 'Billing', description: 'Payments, refunds and invoices', members: [0, 1] },
];

export const DEMO_TAGS = [
  { name: 'returns', color: '#fa8c16' },
  { name: 'shipping', color: '#1677ff' },
  { name: 'refund', color: '#eb2f96' },
  { name: 'vip', color: '#722ed1' },
  { name: 'bug', color: '#f5222d' },
  { name: 'feedback', color: '#52c41a' },
];

export const DEMO_CHANNELS = [
  {
    type: 'email',
    name: 'support@northwind.example',
    settings: { address: 'support@northwind.example' },
  },
  { type: 'live_chat', name: 'Website chat', settings: {} },
  {
    type: 'facebook',
    name: 'Northwind Outfitters (Facebook)',
    settings: { page_name: 'Northwind Outfitters' },
  },
  {
    type: 'instagram_dm',
    name: '@northwind.outfitters',
    settings: { username: 'northwind.outfitters' },
  },
  {
    type: 'whatsapp_gupshup_isv',
    name: 'WhatsApp +1 415 555 0134',
    settings: { phone: '+14155550134' },
  },
  { type: 'sms', name: 'SMS +1 415 555 0190', settings: { phone: '+14155550190' } },
] as const;

export const DEMO_CONTACTS = [
  ['Olivia Chen', 'olivia.chen@example.com', '+14155550101'],
  ['Liam Murphy', 'liam.murphy@example.net', '+353871234567'],
  ['Sofia Rossi', 'sofia.rossi@example.it', '+393471234567'],
  ['Noah Williams', 'noah.w@example.com', '+14155550122'],
  ['Aisha Khan', 'aisha.khan@example.co.uk', '+447700900123'],
  ['Lucas Martin', 'lucas.martin@example.fr', '+33612345678'],
  ['Emma Schmidt', 'emma.schmidt@example.de', '+491701234567'],
  ['Mateo García', 'mateo.garcia@example.es', '+34612345678'],
  ['Hannah Lee', 'hannah.lee@example.com', '+14155550155'],
  ['Arjun Mehta', 'arjun.mehta@example.in', '+919812345678'],
  ['Chloe Dubois', 'chloe.dubois@example.fr', '+33698765432'],
  ['Ethan Brown', 'ethan.brown@example.com', '+14155550177'],
] as const;

type Line = [who: 'c' | 'a' | 'n', text: string];

/** Conversation scripts: subject, then lines from the customer (c), an agent (a) or a private note (n). */
export const DEMO_SCRIPTS: { subject: string; tags: string[]; lines: Line[] }[] = [
  {
    subject: 'Where is my order #4821?',
    tags: ['shipping'],
    lines: [
      [
        'c',
        'Hi! I ordered the Ridge 45L backpack last Monday and tracking has not moved since Thursday. Order #4821.',
      ],
      [
        'a',
        "Hi! Sorry about the wait. The carrier shows it at the Reno hub; it should move today. I'll keep an eye on it for you.",
      ],
      ['c', 'Thanks, that helps.'],
    ],
  },
  {
    subject: 'Return for wrong size boots',
    tags: ['returns'],
    lines: [
      ['c', 'The Summit hiking boots run small. Can I swap a 42 for a 43?'],
      [
        'a',
        "Of course! I've emailed you a prepaid return label. Once it's scanned we ship the 43 right away.",
      ],
    ],
  },
  {
    subject: 'Double charged on my card',
    tags: ['refund'],
    lines: [
      ['c', 'I see two charges of $129.00 for the same order. Please help.'],
      [
        'n',
        'Stripe shows one capture and one pending authorization. The pending one drops off in 3–5 days.',
      ],
      [
        'a',
        'Only one of those is a real charge; the other is a temporary hold that your bank will release within 5 days.',
      ],
    ],
  },
  {
    subject: 'Is the Alpine jacket waterproof?',
    tags: [],
    lines: [
      [
        'c',
        'Is the Alpine shell fully waterproof or just water resistant? Planning a trip to Scotland.',
      ],
    ],
  },
  {
    subject: 'Discount code not working',
    tags: ['bug'],
    lines: [
      ['c', 'The code SPRING15 says it is invalid at checkout.'],
      [
        'a',
        'Thanks for flagging it! It excludes sale items. Your cart has the Trail Runner on sale, which is why.',
      ],
      ['c', 'Ah ok, makes sense.'],
    ],
  },
  {
    subject: 'Bulk order for our hiking club',
    tags: ['vip'],
    lines: [
      [
        'c',
        'We are a hiking club of 40 people. Do you offer group discounts on the Ridge backpacks?',
      ],
      ['n', 'Loop in Jonas: wholesale pricing applies above 25 units.'],
    ],
  },
  {
    subject: 'Tent pole snapped on first use',
    tags: ['returns', 'bug'],
    lines: [
      [
        'c',
        'One of the poles of my Basecamp 2 tent snapped the first time I pitched it. Photos attached.',
      ],
      [
        'a',
        "That's not okay, sorry! We'll send a replacement pole set today, no need to return anything.",
      ],
    ],
  },
  {
    subject: 'Love the new fleece!',
    tags: ['feedback'],
    lines: [
      ['c', 'Just wanted to say the Cedar fleece is the warmest thing I own. Great job!'],
      ['a', 'This made our day, thank you for telling us!'],
    ],
  },
  {
    subject: 'Change delivery address',
    tags: ['shipping'],
    lines: [['c', 'Can I still change the delivery address for order #4907? I moved last week.']],
  },
  {
    subject: 'Invoice for my company',
    tags: [],
    lines: [
      ['c', 'Could you send an invoice with our VAT number DE123456789 for order #4770?'],
      ['a', 'Done — the invoice is attached to the reply email.'],
    ],
  },
  {
    subject: 'Sleeping bag temperature rating',
    tags: [],
    lines: [
      ['c', 'What is the comfort temperature of the Nordic -5 sleeping bag?'],
      ['a', 'Comfort is 0 °C, limit −5 °C. For colder nights we recommend adding the liner.'],
      ['c', 'Perfect, ordering now.'],
    ],
  },
  {
    subject: 'Package marked delivered but not here',
    tags: ['shipping'],
    lines: [
      [
        'c',
        'Tracking says delivered yesterday but nothing arrived. Neighbours have not seen it either.',
      ],
      ['n', 'Filed carrier claim #C-88213.'],
    ],
  },
];

/**
 * Fast replies, in folders, written with variables so a click fills in the customer's
 * and agent's names and the store (packages/contracts FAST_REPLY_VARIABLES).
 */
export const DEMO_FAST_REPLIES: { name: string; folder: string | null; content: string }[] = [
  {
    name: 'Greeting',
    folder: null,
    content:
      'Hi {{customer_first_name | there}},\n\nThanks for getting in touch with {{store_name | us}}! I’m {{agent_first_name}} and I’ll be helping you today.',
  },
  {
    name: 'Where is my order?',
    folder: 'Orders',
    content:
      'Hi {{customer_first_name | there}},\n\nYour order {{order_number}} is {{order_status}}. You can follow the parcel here: {{order_tracking_url | the tracking link in your shipping email}}.\n\nBest,\n{{agent_first_name}}',
  },
  {
    name: 'Change of delivery address',
    folder: 'Orders',
    content:
      'Hi {{customer_first_name | there}},\n\nNo problem: send me the new address and I’ll update it before your order ships. Once it has left our warehouse, the carrier can redirect it instead.\n\n{{agent_first_name}}',
  },
  {
    name: 'Return instructions',
    folder: 'Returns & refunds',
    content:
      'Hi {{customer_first_name | there}},\n\nYou can return unworn items within 30 days. Start the return at {{store_url | our website}} under “My orders”, print the prepaid label and drop the parcel at any post office. Your refund follows within 5 working days of it reaching us.\n\n{{agent_first_name}}',
  },
  {
    name: 'Refund issued',
    folder: 'Returns & refunds',
    content:
      'Hi {{customer_first_name | there}},\n\nI’ve issued your refund today. It shows on your statement within 3–5 working days, depending on your bank.\n\nThanks for your patience,\n{{agent_name}}',
  },
  {
    name: 'Closing',
    folder: null,
    content:
      'Is there anything else I can help you with, {{customer_first_name | there}}? If not, I’ll close this conversation — just reply to open it again.\n\n{{agent_first_name}} at {{store_name | Northwind Outfitters}}',
  },
];
