import type { Db } from '../../db/client';
import { helpCenterArticles, helpCenterCategories } from '../../db/schema';
import { htmlToText, sanitizeHtml } from '../../lib/html-sanitizer';

/** The demo workspace's help center (a small outdoor-gear shop), so its public page has content. */
const CATEGORIES = ['Orders & shipping', 'Returns & refunds', 'Your account'] as const;

const ARTICLES: {
  category: number;
  title: string;
  slug: string;
  status: 'draft' | 'published';
  body: string;
}[] = [
  {
    category: 0,
    title: 'How long does shipping take?',
    slug: 'how-long-does-shipping-take',
    status: 'published',
    body: `<p>Orders placed before <strong>2 pm</strong> on a working day leave our warehouse the same day.</p>
<ul><li><strong>Standard</strong>: 3–5 working days, free over $50.</li><li><strong>Express</strong>: 1–2 working days, $12.</li><li><strong>International</strong>: 7–14 working days; duties are paid on delivery.</li></ul>
<p>You get an email with the tracking number as soon as the parcel leaves.</p>`,
  },
  {
    category: 0,
    title: 'Track your order',
    slug: 'track-your-order',
    status: 'published',
    body: `<p>Open the shipping confirmation email and follow <em>Track my parcel</em>. The carrier's page shows where the parcel is and when it should arrive.</p>
<p>No email after two working days? Check your spam folder, then reply to any of our emails with your order number and we will look it up.</p>`,
  },
  {
    category: 0,
    title: 'Change or cancel an order',
    slug: 'change-or-cancel-an-order',
    status: 'published',
    body: `<p>You can change the size, colour or address of an order, or cancel it, <strong>until it ships</strong>. Write to us with the order number as soon as you can.</p>
<p>Once the parcel has left, send it back when it arrives instead: see <a href="return-an-item">Return an item</a>.</p>`,
  },
  {
    category: 1,
    title: 'Return an item',
    slug: 'return-an-item',
    status: 'published',
    body: `<p>Unused items in their original packaging can be returned within <strong>30 days</strong> of delivery.</p>
<ol><li>Print the prepaid return label from your order page.</li><li>Pack the items with the packing slip.</li><li>Drop the parcel at any post office.</li></ol>
<p>We email you when the parcel reaches us.</p>`,
  },
  {
    category: 1,
    title: 'When will I get my refund?',
    slug: 'when-will-i-get-my-refund',
    status: 'published',
    body: `<p>We refund within <strong>3 working days</strong> of receiving your return, to the card you paid with. Your bank may take another 5–10 days to show the money.</p>
<p>Shipping costs are refunded when the item was faulty or we sent the wrong one.</p>`,
  },
  {
    category: 2,
    title: 'Reset your password',
    slug: 'reset-your-password',
    status: 'published',
    body: `<p>On the sign-in page, choose <em>Forgot password</em> and enter your email address. The link we send is valid for one hour.</p>
<p>Nothing arrived? Check your spam folder, and make sure you use the address you ordered with.</p>`,
  },
  {
    category: 2,
    // A draft, so the demo shows that drafts stay off the public help center.
    title: 'Change the email address on your account',
    slug: 'change-your-email-address',
    status: 'draft',
    body: `<p>Sign in, open <em>Account</em> → <em>Profile</em> and enter the new address. We send a confirmation link to it; the change takes effect once you open that link.</p>
<p>Orders placed before the change keep their receipts at the old address.</p>`,
  },
];

export async function seedDemoHelpCenter(db: Db, accountId: number) {
  const categoryRows = await db
    .insert(helpCenterCategories)
    .values(CATEGORIES.map((name, position) => ({ accountId, name, position })))
    .returning();
  const now = Date.now();
  await db.insert(helpCenterArticles).values(
    ARTICLES.map((a, i) => {
      const body = sanitizeHtml(a.body);
      const at = new Date(now - (i + 1) * 86_400_000);
      return {
        accountId,
        categoryId: categoryRows[a.category]!.id,
        title: a.title,
        slug: a.slug,
        body,
        bodyText: htmlToText(body),
        status: a.status,
        publishedAt: a.status === 'published' ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
