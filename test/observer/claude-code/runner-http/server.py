import http.server, time, sys
DENY=b'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"http deny"}}'
class H(http.server.BaseHTTPRequestHandler):
    protocol_version="HTTP/1.1"
    def log_message(self,*a): sys.stderr.write("REQ %s %s\n" % (self.path, dict(self.headers)))
    def do_POST(self):
        n=int(self.headers.get("content-length") or 0); self.rfile.read(n)
        p=self.path
        def send(code, body, extra=()):
            self.send_response(code)
            for k,v in extra: self.send_header(k,v)
            self.send_header("content-type","application/json"); self.send_header("content-length",str(len(body))); self.end_headers(); self.wfile.write(body)
        if p=="/deny": send(200, DENY)
        elif p=="/403deny": send(403, DENY)
        elif p=="/500deny": send(500, DENY)
        elif p=="/redir": send(302, b"", [("location","/deny")])
        elif p=="/redir307": send(307, b"", [("location","/deny")])
        elif p=="/loop": send(302, b"", [("location","/loop")])
        elif p=="/slow":
            self.send_response(200); self.send_header("content-type","application/json"); self.send_header("content-length",str(len(DENY))); self.end_headers()
            for b in DENY:
                try: self.wfile.write(bytes([b])); self.wfile.flush()
                except Exception: return
                time.sleep(0.04)
        elif p=="/bomdeny": send(200, b"\xef\xbb\xbf"+DENY)
        elif p=="/twojson": send(200, DENY+DENY)
        else: send(404, b"")
http.server.ThreadingHTTPServer(("127.0.0.1", 18777), H).serve_forever()
