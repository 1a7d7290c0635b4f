// A message catalog as @lingui/vite-plugin compiles it (lingui.config.ts): ids to compiled messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
