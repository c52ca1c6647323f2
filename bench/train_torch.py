#!/usr/bin/python3
"""One training step of pe.train's model in PyTorch (Debian's python3-torch, CPU) per line read, for
bench/train-compare.mjs, which interleaves these steps with the other trainers' so that all see the same load.

    /usr/bin/python3 bench/train_torch.py DIR THREADS

DIR holds config.json, the weights and one batch as .npy (the format of generate_train.py --npy). The model and
the step (forward, backward, clip_grad_norm_, AdamW, LambdaLR) are the fixture script's own, so the bench times
exactly the reference the engine is tested against. Prints a JSON line when ready, then for every line on stdin
one JSON line: the step's wall and CPU time in milliseconds and its loss.
"""
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "train"))
from generate_train import as_long, model_with, optimizer, read_npy_dir, train_step  # noqa: E402


def main():
    folder, threads = sys.argv[1], int(sys.argv[2])
    torch.set_num_threads(threads)  # generate_train sets 1 for reproducible fixtures
    torch.use_deterministic_algorithms(False)
    cfg, weights, batches = read_npy_dir(folder)
    inputs, targets = as_long(batches)
    model = model_with(cfg, weights)
    opt, sched = optimizer(model, cfg)
    print(json.dumps({"torch": torch.__version__, "threads": torch.get_num_threads()}), flush=True)
    for _ in sys.stdin:
        t0, c0 = time.perf_counter(), time.process_time()
        loss = train_step(model, opt, sched, cfg, inputs[0], targets[0])
        ms, cpu_ms = (time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3
        print(json.dumps({"ms": ms, "cpuMs": cpu_ms, "loss": loss}), flush=True)


if __name__ == "__main__":
    main()
