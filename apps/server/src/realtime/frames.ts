export {
  CLOSE_SERVICE_RESTART,
  HEARTBEAT_FRAME_TEXT,
  REALTIME_HEARTBEAT_MS,
  clientFrameSchema,
  type ClientFrame,
  type RealtimeTopic,
  type ServerFrame,
} from '@onair/core';

/** Client frames are tiny; anything bigger is refused by the WebSocket layer itself. */
export const CLIENT_FRAME_MAX_BYTES = 4_096;
/** Close code for a frame that breaks the protocol (RFC 6455 'policy violation'). */
export const CLOSE_POLICY_VIOLATION = 1008;
/** Close code when the server cannot serve a subscription right now (RFC 6455 'internal error'). */
export const CLOSE_SERVER_ERROR = 1011;
