# Medplum Docs as a container: nginx serving the build under BASE_URL, with the cache and security
# headers of deploy/nginx.conf.
#
#   BASE_URL=/medplum-docs/ SITE_URL=https://docs.example.org npm run build
#   docker build --build-arg BASE_URL=/medplum-docs/ -t medplum-docs .
#   docker run --rm -p 8080:8080 medplum-docs      # http://localhost:8080/medplum-docs/
#
# The site is built on the host (`npm run build`, which needs Chromium for the diagrams), not in
# the image: build/ is copied in as it is. BASE_URL must be the one the build was made with.
FROM nginx:1.27-alpine

ARG BASE_URL=/

COPY deploy/nginx.conf /etc/nginx/nginx.conf
# The security headers the build computed (scripts/security-headers.ts), included by nginx.conf.
COPY build/.security-headers.nginx.conf /etc/nginx/security-headers.conf
# The sample config serves /medplum-docs/: put BASE_URL in its place (for "/", drop the part
# that answers paths outside the base), then check the result.
RUN set -eu; \
    case "$BASE_URL" in /*/|/) ;; *) echo "BASE_URL=$BASE_URL must start and end with /" >&2; exit 1 ;; esac; \
    if [ "$BASE_URL" = "/" ]; then sed -i '/# BEGIN outside the base/,/# END outside the base/d' /etc/nginx/nginx.conf; fi; \
    sed -i "s#/medplum-docs/#${BASE_URL}#g; s#= /medplum-docs {#= ${BASE_URL%/} {#" /etc/nginx/nginx.conf; \
    nginx -t

COPY build/ /srv/medplum-docs${BASE_URL}

EXPOSE 8080
