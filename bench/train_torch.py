#!/usr/bin/python3
"""Times one training step of pe.train's model in PyTorch (Debian's python3-torch, CPU), for bench/train-compare.mjs.

    /usr/bin/python3 bench/train_torch.py DIR RUNS THREADS

DIR holds config.json, the weights and one batch as .npy (the format of generate_train.py --npy). The model and
the step (forward, backward, clip_grad_norm_, AdamW, LambdaLR) are the fixture script's own, so the bench times
exactly the reference the engine is tested against. Prints JSON: the step times in milliseconds and the losses.
"""
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "train"))
from generate_train import as_long, model_with, optimizer, read_npy_dir, train_step  # noqa: E402


def main():
    folder, runs, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    torch.set_num_threads(threads)  # generate_train sets 1 for reproducible fixtures
    torch.use_deterministic_algorithms(False)
    cfg, weights, batches = read_npy_dir(folder)
    inputs, targets = as_long(batches)
    model = model_with(cfg, weights)
    opt, sched = optimizer(model, cfg)
    times, losses = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        losses.append(train_step(model, opt, sched, cfg, inputs[0], targets[0]))
        times.append((time.perf_counter() - t0) * 1e3)
    print(json.dumps({"torch": torch.__version__, "threads": torch.get_num_threads(), "ms": times, "losses": losses}))


if __name__ == "__main__":
    main()
