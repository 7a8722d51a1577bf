/**
 * A server's unmasked, unfragmented WebSocket text frame (RFC 6455 section 5.2) holding `text`: built
 * once for every socket it goes to, where ws would build and write a header per socket.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}
