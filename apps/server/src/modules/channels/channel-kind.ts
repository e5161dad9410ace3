import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  CallbackUrl,
  ConnectionTestBody,
  ConnectionTestResult,
  ProviderChannelSettings,
  ProviderSettingsPatch,
  SupportChannelCreateBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import type { JobHandler } from '../../lib/jobs';
import type { Realtime } from '../../realtime/realtime';
import type { ChannelAdapter, ChannelRow } from './adapters';

/** What the settings page shows of a channel: public details in words, URLs for the provider's console. */
export interface ChannelDescription {
  details: string | null;
  callbackUrls: CallbackUrl[];
}

/** A channel as POST /dashboardapi/supportchannel answers it: secrets and secret URLs shown once. */
export interface CreatedChannel {
  id: number;
  type: string;
  name: string;
  brand_id: number | null;
  needs_reauthorization: boolean;
  webhook_url: string | null;
  webhook_secret?: string | undefined;
  callback_urls: CallbackUrl[];
}

type OfType<Union, T extends string> = Extract<Union, { type: T }>;

/**
 * Setting a channel up on the Support channels page. Each part is optional: a kind without
 * `create` is set up elsewhere (email, the chat widget), one without `testSaved` has nothing to test.
 * The bodies are the kind's members of the zod schemas in @parley/contracts, already parsed.
 */
export interface ChannelSetup<T extends string> {
  create?(
    deps: Deps,
    accountId: number,
    body: OfType<SupportChannelCreateBody, T>,
  ): Promise<CreatedChannel>;
  describe?(deps: Deps, channel: ChannelRow): ChannelDescription;
  /** What the channel's edit form loads; never a credential. */
  settings?(channel: ChannelRow): ProviderChannelSettings;
  /** New settings or credentials for a channel the caller's account owns (already checked). */
  update?(deps: Deps, channel: ChannelRow, patch: OfType<ProviderSettingsPatch, T>): Promise<void>;
  /** "Test connection" of a saved channel; null when there is nothing to test on it. */
  testSaved?(deps: Deps, channel: ChannelRow): Promise<ConnectionTestResult> | null;
  /** "Test connection" of credentials before they are saved. */
  testNew?(deps: Deps, credentials: OfType<ConnectionTestBody, T>): Promise<ConnectionTestResult>;
}

/** What a kind's routes may need of the app beyond Deps. */
export interface ChannelAppParts {
  realtime: Realtime;
}

/**
 * One kind of channel, all its parts in one place (each module's `*.channel.ts`), listed in the
 * one table `channelKinds` (src/channels.ts) that the app is built from. Nothing registers itself
 * by being imported: a kind the table does not list cannot receive or send anything.
 */
export interface ChannelKind<T extends string = string> {
  /** For people: logs, errors, docs. */
  name: string;
  /** The support_channels.type values it owns; a type belongs to one kind only. */
  types: readonly T[];
  setup?: ChannelSetup<T>;
  /** Sends an agent's reply to the customer (the delivery job calls it). */
  outbound?: ChannelAdapter;
  /** Its webhook routes (and any routes of its own), registered by the app. */
  routes?(deps: Deps, app: ChannelAppParts): FastifyPluginAsyncZod;
  /** Inbound handling: the durable jobs that file what its webhooks queued, by job kind. */
  inbound?: Readonly<Record<string, (deps: Deps) => JobHandler>>;
}

/**
 * A kind for the table: written with its bodies typed by its own channel types, held as a kind of
 * any type. Safe because the table hands a kind only bodies and channels of the types it owns.
 */
export const defineChannelKind = <T extends string>(kind: ChannelKind<T>): ChannelKind =>
  kind as unknown as ChannelKind;

/** The table read by type: which kind owns a channel type. */
export class ChannelKinds {
  private readonly byType = new Map<string, ChannelKind>();

  constructor(readonly all: readonly ChannelKind[]) {
    for (const kind of all)
      for (const type of kind.types) {
        const owner = this.byType.get(type);
        if (owner)
          throw new Error(
            `The channel type ${type} belongs to both ${owner.name} and ${kind.name}.`,
          );
        this.byType.set(type, kind);
      }
  }

  of(type: string): ChannelKind | undefined {
    return this.byType.get(type);
  }

  describe(deps: Deps, channel: ChannelRow): ChannelDescription {
    return (
      this.of(channel.type)?.setup?.describe?.(deps, channel) ?? {
        details: null,
        callbackUrls: [],
      }
    );
  }
}
