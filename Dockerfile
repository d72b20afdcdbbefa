# Medplum Docs as a container: the site built in a Node 24 stage, then served by nginx under
# BASE_URL, with the cache and security headers of deploy/nginx.conf. `docker build .` alone gives a working image:
#
#   docker build --build-arg BASE_URL=/medplum-docs/ --build-arg SITE_URL=https://docs.example.org -t medplum-docs .
#   docker run --rm -p 8080:8080 medplum-docs      # http://localhost:8080/medplum-docs/
#
# The build stage runs the README's commands (`npm ci`, then `npm run build`), with Debian's
# Chromium for the Mermaid diagrams. BASE_URL is the one build argument both stages read.

FROM node:24-bookworm-slim AS build
# Chromium draws the diagrams (Liberation Sans has the Arial metrics their labels are sized for);
# git gives the pages their "last updated" dates when the build context has the repository's .git.
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium fonts-liberation git ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /site
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG BASE_URL=/
ARG SITE_URL=
ENV BASE_URL=${BASE_URL} SITE_URL=${SITE_URL}
RUN npm run build

FROM nginx:1.27-alpine

ARG BASE_URL=/

COPY deploy/nginx.conf /etc/nginx/nginx.conf
# The security headers the build computed (lib/security-headers.ts), included by nginx.conf.
COPY --from=build /site/build/.security-headers.nginx.conf /etc/nginx/security-headers.conf
# The sample config serves /medplum-docs/: put BASE_URL in its place (for "/", drop the part
# that answers paths outside the base), then check the result.
RUN set -eu; \
    case "$BASE_URL" in /*/|/) ;; *) echo "BASE_URL=$BASE_URL must start and end with /" >&2; exit 1 ;; esac; \
    if [ "$BASE_URL" = "/" ]; then sed -i '/# BEGIN outside the base/,/# END outside the base/d' /etc/nginx/nginx.conf; fi; \
    sed -i "s#/medplum-docs/#${BASE_URL}#g; s#= /medplum-docs {#= ${BASE_URL%/} {#" /etc/nginx/nginx.conf; \
    nginx -t

COPY --from=build /site/build/ /srv/medplum-docs${BASE_URL}

EXPOSE 8080
