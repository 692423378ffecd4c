#!/usr/bin/env python3
"""The seeds' Fashion-MNIST MLP in Keras 3 (the torch backend unless KERAS_BACKEND says
otherwise), so that the console output (bars, then evaluate()'s bar), CSVLogger's file and
the history are Keras' own. usage: keras_fmnist.py DATADIR BATCH EPOCHS OUTDIR"""
import gzip, json, os, sys
os.environ.setdefault("KERAS_BACKEND", "torch")
import numpy as np
import keras

datadir, batch, epochs, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


def idx(name, off):
    with gzip.open(f"{datadir}/{name}") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)


X = idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype("float32") / 255.0
Y = idx("train-labels-idx1-ubyte.gz", 8).astype("int64")
Xt = idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype("float32") / 255.0
Yt = idx("t10k-labels-idx1-ubyte.gz", 8).astype("int64")
keras.utils.set_random_seed(1)
model = keras.Sequential([keras.Input((784,)), keras.layers.Dense(512, activation="relu"),
                          keras.layers.Dropout(0.2), keras.layers.Dense(64, activation="relu"),
                          keras.layers.Dense(10, activation="softmax")])
model.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
os.makedirs(out, exist_ok=True)
h = model.fit(X[:50000], Y[:50000], batch_size=batch, epochs=epochs,
              validation_data=(X[50000:], Y[50000:]),
              callbacks=[keras.callbacks.CSVLogger(f"{out}/training.log")])
with open(f"{out}/history.json", "w") as f:
    json.dump({k: [float(v) for v in vs] for k, vs in h.history.items()}, f)
model.evaluate(Xt, Yt)
