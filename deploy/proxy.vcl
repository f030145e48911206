vcl 4.1;
# The proxy in front of the gateways (compose.yaml): Varnish, because it does both jobs with nothing added. It
# balances the gateways by asking each for /readyz, and caches what the gateway says is public, for as long as
# it says (Cache-Control: public, s-maxage=5), revalidating with the gateway's ETag. Everything personal is
# `private, no-store` or carries Authorization, and goes straight through.
# Compression: the gateway compresses (assets precompressed at build, JSON of 1 KB or more) and says
# Vary: Accept-Encoding. Varnish's own gzip support (http_gzip_support, on by default) would ask the gateways for
# gzip only; clients that take brotli (every current browser over HTTPS) get the gateway's brotli instead, kept
# as a copy of its own, and the others the gzip copy (unzipped by Varnish for the few that take neither).

import directors;

# Every second; a gateway missing two of the last three answers gets no new requests. /readyz fails while the
# store is down and from a gateway's first shutdown signal (SHUTDOWN_DRAIN_MS), so it is drained before it stops.
probe ready {
    .request =
        "GET /readyz HTTP/1.1"
        "Host: bookhaven"
        "Connection: close";
    .expected_response = 200;
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

backend gateway_a {
    .host = "gateway-a";
    .port = "4000";
    .probe = ready;
    .connect_timeout = 2s;
    # The gateway's REQUEST_TIMEOUT_MS is 30 s.
    .first_byte_timeout = 35s;
    .between_bytes_timeout = 30s;
}

backend gateway_b {
    .host = "gateway-b";
    .port = "4000";
    .probe = ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 35s;
    .between_bytes_timeout = 30s;
}

sub vcl_init {
    new gateways = directors.round_robin();
    gateways.add_backend(gateway_a);
    gateways.add_backend(gateway_b);
}

sub vcl_recv {
    set req.backend_hint = gateways.backend();
    # Noted before the built-in rules rewrite Accept-Encoding to gzip or nothing.
    unset req.http.X-Brotli;
    if (req.http.Accept-Encoding ~ "(^|[\s,])br\s*(,|;(?!\s*q=0(\.0+)?\s*(,|$))|$)") {
        set req.http.X-Brotli = "1";
    }
    # For the proxy and Prometheus on the inside network, not for the public.
    if (req.url ~ "^/(metrics|livez|readyz)([?/]|$)") {
        return (synth(404, "Not found"));
    }
    # Varnish's built-in rules follow: GET and HEAD without Authorization or Cookie are looked up in the
    # cache, everything else is passed to a gateway.
}

sub vcl_hash {
    # The brotli copy and the gzip one are two objects; the built-in hash (URL and host) follows.
    if (req.http.X-Brotli) {
        hash_data("br");
    }
}

sub vcl_backend_fetch {
    if (bereq.http.X-Brotli) {
        set bereq.http.Accept-Encoding = "br";
    }
    unset bereq.http.X-Brotli;
}

sub vcl_backend_response {
    # No serving past s-maxage (the gateway's bound on how stale a shared answer may be, 5 s), but the answer
    # is kept a minute longer so that the next fetch is conditional (If-None-Match) and a 304 renews it.
    # The built-in rules follow: `private`, `no-store` and `no-cache` answers are never cached.
    set beresp.grace = 0s;
    set beresp.keep = 60s;
}
