"""Step 3 of the byModel fit: fits MODEL_WEIGHTS and validates them leave-one-set-out (numpy, scipy).

Reads features.ts's output. The model: a result's score is its features times the weights; the
fit maximises, over every spent query byModel does not skip whose answer is among its ten traced
results, the softmax share of the answers over those ten (mean log share), less L2 * |w|^2.
Measured as the panel shows results: byModel's order (ties in their order), then preferExactTitle
(exactKey), the answer's rank among the first ten.

usage: python3 scripts/search-fit/fit.py <features.json> [--features a,b,...] [--l2 0.0001]
                                         [--current place=-1.9,title=-0.91,...]
  prints, for each of holdout20 onwards (LOSO: weights fitted on every other spent set), top 1 and
  top 3 with no step, with --current weights and refitted; then the weights fitted on all sets.
"""
import argparse
import json

import numpy as np
from scipy.optimize import minimize

p = argparse.ArgumentParser()
p.add_argument('features')
p.add_argument('--features', dest='use', default='place,title,titleOnly,headings,questions,summary,slug,reference,digest,troubleshooting,pairs')
p.add_argument('--l2', type=float, default=0.0001)
p.add_argument('--current', default='')
p.add_argument('--first', default='holdout20', help='first set measured leave-one-set-out')
p.add_argument('--quiet', action='store_true')
a = p.parse_args()

doc = json.load(open(a.features))
names = doc['features']
use = a.use.split(',')
cols = [names.index(f) for f in use]
sets = doc['sets']
order = list(sets.keys())
folds = order[order.index(a.first):]


def matrix(q):
    x = np.array(q['x'], dtype=float)
    return x[:, cols] if len(x) else np.zeros((0, len(cols)))


data = {name: [dict(q, X=matrix(q), y=np.array(q['answers'], dtype=bool)) for q in qs] for name, qs in sets.items()}


def trainable(q):
    return not q['skipped'] and len(q['y']) >= 2 and q['y'].any()


def fit(train):
    qs = [q for name in train for q in data[name] if trainable(q)]
    # Padded to ten results a query (mask marks the real ones), so the loss is a few array products.
    m = max(len(q['y']) for q in qs)
    X = np.zeros((len(qs), m, len(cols)))
    real = np.zeros((len(qs), m), dtype=bool)
    ans = np.zeros((len(qs), m), dtype=bool)
    for k, q in enumerate(qs):
        n = len(q['y'])
        X[k, :n], real[k, :n], ans[k, :n] = q['X'], True, q['y']

    def loss(w):
        s = np.where(real, X @ w, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        e = np.exp(s)
        p_all = e / e.sum(axis=1, keepdims=True)
        p_ans = np.where(ans, p_all, 0).sum(axis=1)
        total = -np.log(p_ans).sum()
        # d(-log sum_ans softmax)/dw = E_all[x] - E_ans[x]
        q_ans = np.where(ans, p_all, 0) / p_ans[:, None]
        grad = np.einsum('qi,qif->f', p_all - q_ans, X)
        n = len(qs)
        return total / n + a.l2 * w @ w, grad / n + 2 * a.l2 * w

    r = minimize(loss, np.zeros(len(cols)), jac=True, method='L-BFGS-B')
    return r.x


def rank(q, w):
    n = len(q['y'])
    idx = list(range(n))
    if w is not None and not q['skipped'] and n >= 2:
        s = q['X'] @ w
        idx.sort(key=lambda i: (-s[i], i))
    # Hits below the first ten that preferExactTitle brings forward come after them, as in hitsFor.
    beyond = q.get('beyond', [])
    keys = list(q['exactKey']) + [b['exactKey'] for b in beyond]
    answer = list(q['y']) + [b['answer'] for b in beyond]
    idx += list(range(n, n + len(beyond)))
    first = sorted([(keys[i], pos, i) for pos, i in enumerate(idx) if keys[i] is not None])
    moved = [i for _, _, i in first]
    final = moved + [i for i in idx if i not in moved]
    for pos, i in enumerate(final[:10]):
        if answer[i]:
            return pos + 1
    return None


def score(name, w):
    rs = [rank(q, w) for q in data[name]]
    n = len(rs)
    return sum(r == 1 for r in rs) / n, sum(r is not None and r <= 3 for r in rs) / n, rs


current = None
if a.current:
    kv = dict(x.split('=') for x in a.current.split(','))
    current = np.array([float(kv.get(f, 0)) for f in use])

rows = []
for name in folds:
    w = fit([s for s in order if s != name])
    base = score(name, None)
    cur = score(name, current) if current is not None else None
    new = score(name, w)
    rows.append((name, base, cur, new))
    if not a.quiet:
        c = f'current {cur[0]:6.1%} {cur[1]:6.1%}  ' if cur else ''
        print(f'{name:10} n={len(data[name]):3}  none {base[0]:6.1%} {base[1]:6.1%}  {c}refit {new[0]:6.1%} {new[1]:6.1%}')
mean = lambda k, j: np.mean([r[k][j] for r in rows])
c = f'current {mean(2,0):6.1%} {mean(2,1):6.1%}  ' if current is not None else ''
print(f'{"mean":10}         none {mean(1,0):6.1%} {mean(1,1):6.1%}  {c}refit {mean(3,0):6.1%} {mean(3,1):6.1%}')

w = fit(order)
print('weights on all spent sets:', ', '.join(f'{f} {x:.2f}' for f, x in zip(use, w)))
tot = sum(len(data[s]) for s in order)
for label, ww in [('none', None), ('current', current), ('refit', w)]:
    if label == 'current' and current is None:
        continue
    rs = [r for s in order for r in score(s, ww)[2]]
    print(f'all spent ({tot}) {label:8} top1 {sum(r == 1 for r in rs)} top3 {sum(r is not None and r <= 3 for r in rs)}')
