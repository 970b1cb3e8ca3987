import type { CallOptions, HostingCore } from './transport';

/** Comment bodies can be asked for as raw markdown, text, html or all three (docs/service-api/hosting/comments §5). */
export type BodyFormat = 'raw' | 'text' | 'html' | 'full';

export function withBodyFormat(core: HostingCore, options: (CallOptions & { bodyFormat?: BodyFormat }) | undefined): CallOptions | undefined {
  if (!options?.bodyFormat) return options;
  const { bodyFormat, ...rest } = options;
  return { ...rest, accept: core.media.bodyFormat(bodyFormat) };
}

export type CommentCallOptions = CallOptions & { bodyFormat?: BodyFormat };
